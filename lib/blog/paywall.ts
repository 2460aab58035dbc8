import type { BlogSource } from './source';
import type { Post } from './types';

// Paid posts (issue 30): a post with `pricingPlanIds` is for the members holding one of those plans, and everyone else
// gets its preview, as Wix answers a visitor (`preview: true`, the first paragraphs). The site's source is wrapped
// here, so what any public reader is built from (the pages and their RSC payload, the feed, the JSON API, search, the
// newsletter mail) holds the preview only, whatever the source answered: with an API key, Wix answers the whole text,
// and Wix's docs do not say otherwise (docs/wix-operations.md). The preview is the blocks before the post's paywall
// (`previewBlocks`, set by the owner; by default the first PREVIEW_BLOCKS), its text those blocks' text; a source that
// answered without the rich content gives the excerpt as the text. The compressed rich content never goes out.

/** The top-level blocks a paid post shows to everyone, unless the post says otherwise. */
export const PREVIEW_BLOCKS = 3;

/** Whether the post is for members with a plan. */
export const isPaid = (post: Pick<Post, 'pricingPlanIds'>) => post.pricingPlanIds.length > 0;

interface TextNode {
  type?: unknown;
  nodes?: unknown;
  textData?: { text?: unknown };
}

const childrenOf = (node: TextNode): TextNode[] =>
  Array.isArray(node.nodes) ? node.nodes.filter((n): n is TextNode => typeof n === 'object' && n !== null) : [];

/** A rich-content document's plain text: one line per block that holds text, as the content's `contentText` is. */
export function plainText(nodes: readonly TextNode[]): string {
  const lines: string[] = [];
  const visit = (node: TextNode) => {
    const children = childrenOf(node);
    const texts = children.filter((child) => child.type === 'TEXT');
    if (texts.length > 0) lines.push(texts.map((child) => String(child.textData?.text ?? '')).join(''));
    children.filter((child) => child.type !== 'TEXT').forEach(visit);
  };
  nodes.forEach(visit);
  return lines.filter((line) => line.trim() !== '').join('\n');
}

/** A paid post as anyone without its plan gets it: the preview's blocks and text, `preview: true`. */
export function previewOf<P extends Post>(post: P): P {
  if (!isPaid(post)) return post;
  const blocks = Math.max(0, Math.floor(Number(post.previewBlocks ?? PREVIEW_BLOCKS)) || 0);
  const nodes = post.richContent?.nodes;
  const kept = Array.isArray(nodes) ? nodes.slice(0, blocks) : undefined;
  return {
    ...post,
    richContent: post.richContent && kept ? { ...post.richContent, nodes: kept } : undefined,
    richContentCompressed: null,
    contentText: kept ? plainText(kept as TextNode[]) : post.contentText == null ? post.contentText : post.excerpt,
    preview: true,
  };
}

const previews = <P extends Post>(posts: P[]) => posts.map(previewOf);

/** The source as the public reads it: every post it answers is the preview when it is paid. */
export function paywallSource(source: BlogSource): BlogSource {
  return {
    ...source,
    refresh: (change) => source.refresh(change),
    getPost: async (id, options) => {
      const post = await source.getPost(id, options);
      return post && previewOf(post);
    },
    getPostBySlug: async (slug, options) => {
      const post = await source.getPostBySlug(slug, options);
      return post && previewOf(post);
    },
    listPosts: async (options) => {
      const page = await source.listPosts(options);
      return { ...page, items: previews(page.items) };
    },
    queryPosts: async (query, options) => {
      const page = await source.queryPosts(query, options);
      return { ...page, items: previews(page.items) };
    },
    searchPosts: async (text, options) => previews(await source.searchPosts(text, options)),
  };
}
