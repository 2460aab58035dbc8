import { excerptOf, runsPast } from './excerpt';
import { searchPosts } from './query/search';
import type { BlogSource } from './source';
import type { Post } from './types';

// Paid posts (issue 30): a post with `pricingPlanIds` is for the members holding one of those plans, and everyone else
// gets its preview, as Wix answers a visitor (`preview: true`, the first paragraphs). The site's source is wrapped
// here, so what any public reader is built from (the pages and their RSC payload, the feed, the JSON API, search, the
// newsletter mail) holds the preview only, whatever the source answered: with an API key, Wix answers the whole text,
// and Wix's docs do not say otherwise (docs/wix-operations.md). The preview is the blocks before the post's paywall
// (`previewBlocks`, set by the owner; by default the first PREVIEW_BLOCKS) less the headings, dividers and empty
// paragraphs they end on (`previewNodes`), its text those blocks' text; a source that answered without the rich
// content gives the excerpt as the text. The compressed rich content never goes out.
// Its excerpt too: one made from the post's first words (the CLI's, Wix's by default) runs past the preview once the
// post is paid, so it is made again from the preview's text (`publicExcerpt`); one the owner wrote stands. A post
// answered without its rich content has it read once to judge (`excerpts`, per post and version), and search keeps a
// paid post only where its public words match.

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

const previewLength = (post: Pick<Post, 'previewBlocks'>) =>
  Math.max(0, Math.floor(Number(post.previewBlocks ?? PREVIEW_BLOCKS)) || 0);

/** Blocks a preview never ends on: a heading whose section is paid, a divider, a paragraph with no text. */
const endsBadly = (node: TextNode) =>
  node.type === 'HEADING' || node.type === 'DIVIDER' || (node.type === 'PARAGRAPH' && plainText([node]) === '');

/**
 * The blocks of a paid post its preview shows (issue 47): the first `previewBlocks` (PREVIEW_BLOCKS by default), less
 * the headings, dividers and empty paragraphs they end on, so the preview ends on what it says (a paragraph, a list,
 * an image), never on a bare heading of the paid part. Only ever fewer blocks than the cut, never one past it.
 */
export function previewNodes<N>(nodes: readonly N[], post: Pick<Post, 'previewBlocks'>): N[] {
  const kept = nodes.slice(0, previewLength(post));
  while (kept.length > 0) {
    const last = kept[kept.length - 1];
    if (typeof last !== 'object' || last === null || !endsBadly(last as TextNode)) break;
    kept.pop();
  }
  return kept;
}

/**
 * A paid post's excerpt for the public, from a post read with its rich content: the excerpt, unless it was made from
 * the post's first words and runs past the preview; then one made from the preview's text the same way.
 */
export function publicExcerpt(post: Post): string {
  const nodes = post.richContent?.nodes;
  if (!isPaid(post) || !Array.isArray(nodes)) return post.excerpt;
  const preview = plainText(previewNodes(nodes, post) as TextNode[]);
  return runsPast(post.excerpt, [plainText(nodes as TextNode[]), post.contentText], preview)
    ? excerptOf(preview)
    : post.excerpt;
}

/**
 * A paid post as anyone without its plan gets it: the preview's blocks and text, `preview: true`, and its public
 * excerpt when it carries its rich content (without, the caller judged the excerpt: `paywallSource`).
 */
export function previewOf<P extends Post>(post: P): P {
  if (!isPaid(post)) return post;
  const nodes = post.richContent?.nodes;
  const kept = Array.isArray(nodes) ? previewNodes(nodes, post) : undefined;
  return {
    ...post,
    excerpt: publicExcerpt(post),
    richContent: post.richContent && kept ? { ...post.richContent, nodes: kept } : undefined,
    richContentCompressed: null,
    contentText: kept ? plainText(kept as TextNode[]) : post.contentText == null ? post.contentText : post.excerpt,
    preview: true,
  };
}

/** The public excerpts of paid posts answered without their rich content, judged at most this many at a time. */
const EXCERPTS_KEPT = 10_000;

/** The source as the public reads it: every post it answers is the preview when it is paid. */
export function paywallSource(source: BlogSource): BlogSource {
  // A paid post answered without its rich content (a list, search, a fieldset left out) is read once with it to judge
  // its excerpt; the answer stands for that version of the post (excerpt, paywall, plans, last publication), and an
  // event about the post drops it.
  const excerpts = new Map<string, { version: string; excerpt: Promise<string> }>();
  const judge = async (post: Post) => {
    const whole = await source.getPost(post.id, { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] });
    // Gone since (unpublished, deleted): nothing of it is shown for long, and nothing past the preview.
    if (!whole) return '';
    const { excerpt, previewBlocks, pricingPlanIds } = post;
    return publicExcerpt({ ...whole, excerpt, previewBlocks, pricingPlanIds });
  };
  const excerptOfPost = (post: Post): Promise<string> => {
    const version = JSON.stringify([post.excerpt, post.previewBlocks, post.pricingPlanIds, post.lastPublishedDate]);
    const known = excerpts.get(post.id);
    if (known?.version === version) return known.excerpt;
    if (excerpts.size >= EXCERPTS_KEPT) excerpts.clear();
    const excerpt = judge(post);
    excerpts.set(post.id, { version, excerpt });
    excerpt.catch(() => excerpts.get(post.id)?.excerpt === excerpt && excerpts.delete(post.id));
    return excerpt;
  };
  const publicPost = async <P extends Post>(post: P): Promise<P> => {
    if (!isPaid(post) || Array.isArray(post.richContent?.nodes)) return previewOf(post);
    return previewOf({ ...post, excerpt: await excerptOfPost(post) });
  };
  const previews = <P extends Post>(posts: P[]) => Promise.all(posts.map(publicPost));

  return {
    ...source,
    refresh: (change) => {
      if (change?.postId) excerpts.delete(change.postId);
      else excerpts.clear();
      source.refresh(change);
    },
    getPost: async (id, options) => {
      const post = await source.getPost(id, options);
      return post && publicPost(post);
    },
    getPostBySlug: async (slug, options) => {
      const post = await source.getPostBySlug(slug, options);
      return post && publicPost(post);
    },
    listPosts: async (options) => {
      const page = await source.listPosts(options);
      return { ...page, items: await previews(page.items) };
    },
    queryPosts: async (query, options) => {
      const page = await source.queryPosts(query, options);
      return { ...page, items: await previews(page.items) };
    },
    // The source matched a paid post by what it holds of it, the excerpt included: it stays only where its public
    // words (title, public excerpt, preview text, hashtags) match too.
    searchPosts: async (text, options) => {
      const found = await previews(await source.searchPosts(text, options));
      const paid = found.filter(isPaid);
      if (paid.length === 0) return found;
      const matching = new Set(searchPosts(paid, text, paid.length).map((post) => post.id));
      return found.filter((post) => !isPaid(post) || matching.has(post.id));
    },
  };
}
