import { stringify } from 'yaml';
import { MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { postPath } from '@/lib/core/site';
import type { RawPost, RawTerm } from '@/lib/blog/tools';
import type { RicosNode } from '@/lib/core/ricos/types';
import { mediaAddress } from '@/lib/blog/tools';
import { type MarkdownStats, ricosToMarkdown } from './ricos-to-markdown';

// A post as a Markdown file of the export: YAML front matter (title, slug, dates, status, the publication dates a
// draft keeps, excerpt, terms by slug (in the post's language), writer, cover with its alt text and size, language and
// the original it translates, pinned, featured, plans, the site's id and address), then its body
// (ricos-to-markdown.ts). What every post's file needs to know of the others is its ExportSite.

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ExportSite {
  siteUrl: string;
  categories: Map<string, RawTerm>;
  tags: Map<string, RawTerm>;
  /** Writers' names by member id (content/authors.json). */
  authors: Map<string, { name: string; slug?: string }>;
  /** The plans' names by id (the records' pricing plans), when known. */
  planNames: Map<string, string>;
  /** Each translated post's original, by the translated post's id. */
  originals: Map<string, RawPost>;
}

export type ExportStatus = 'published' | 'draft' | 'scheduled';

export const statusOf = (post: RawPost): ExportStatus =>
  post.status === 'SCHEDULED' ? 'scheduled' : (post.status ?? 'PUBLISHED') === 'PUBLISHED' ? 'published' : 'draft';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** When the post first went out; a scheduled one's time to go; a draft never published, when it was made. */
export function dateOf(post: RawPost): string | undefined {
  const raw = post as Data;
  if (post.status === 'SCHEDULED' && text(raw.scheduledPublishDate)) return raw.scheduledPublishDate;
  return text(post.firstPublishedDate) ?? text(raw.createdDate) ?? text(raw.richContent?.metadata?.createdTimestamp);
}

export const nodesOf = (post: RawPost): RicosNode[] => {
  const nodes = (post as Data).richContent?.nodes;
  return Array.isArray(nodes) ? nodes : [];
};

const size = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** The cover image: the post's media image, else its cover, else its hero image (lib/blog/view.ts postImage), with
 * its alt text and size. */
export function coverOf(post: RawPost): { source: unknown; alt?: string; width?: number; height?: number } | undefined {
  const raw = post as Data;
  const image = raw.media?.wixMedia?.image ?? raw.coverMedia?.image ?? raw.heroImage;
  if (!image || typeof image !== 'object') return undefined;
  return {
    source: image.url ?? image.id,
    alt: text(image.altText),
    width: size(image.width),
    height: size(image.height),
  };
}

/** The SEO fields the owner set: the title tag, the meta description, the keywords. */
export function seoOf(post: RawPost) {
  const seo = (post as Data).seoData;
  const tags: Data[] = Array.isArray(seo?.tags) ? seo.tags : [];
  const title = tags.find((tag) => tag.type === 'title' && !tag.disabled)?.children;
  const description = tags.find((tag) => tag.type === 'meta' && tag.props?.name === 'description')?.props?.content;
  const keywords: Data[] = Array.isArray(seo?.settings?.keywords) ? seo.settings.keywords : [];
  return {
    title: text(title),
    description: text(description),
    keywords: keywords.map((keyword) => keyword.term).filter((term): term is string => typeof term === 'string'),
  };
}

/** Each translation's original: its group's post in the site's main language, else the group's first published. */
export function originalsOf(posts: RawPost[]): Map<string, RawPost> {
  const groups = new Map<string, RawPost[]>();
  for (const post of posts)
    if (post.translationId) groups.set(post.translationId, [...(groups.get(post.translationId) ?? []), post]);
  const originals = new Map<string, RawPost>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const byDate = [...members].sort((a, b) => (dateOf(a) ?? '').localeCompare(dateOf(b) ?? ''));
    const original = members.find((post) => (post.language ?? MAIN_LANGUAGE) === MAIN_LANGUAGE) ?? byDate[0]!;
    for (const post of members) if (post !== original) originals.set(post.id, original);
  }
  return originals;
}

export const postUrl = (post: RawPost, siteUrl: string) =>
  `${siteUrl}${postPath(post.slug, post.language ?? undefined)}`;

/** The front matter's fields, in the order a reader expects them. */
export function frontMatter(post: RawPost, site: ExportSite): Record<string, unknown> {
  const raw = post as Data;
  const slugs = (ids: string[] | undefined, terms: Map<string, RawTerm>) =>
    (ids ?? []).map((id) => terms.get(id)?.slug).filter((slug): slug is string => !!slug);
  const cover = coverOf(post);
  const seo = seoOf(post);
  const plans: string[] = Array.isArray(raw.pricingPlanIds) ? raw.pricingPlanIds : [];
  const date = dateOf(post);
  const updated = text(post.lastPublishedDate);
  // A draft or a scheduled post that went out before keeps when it did: its `date` alone would not say it was.
  const kept = statusOf(post) !== 'published';
  const fields: Record<string, unknown> = {
    title: post.title,
    slug: post.slug,
    date,
    updated: updated && updated !== date ? updated : undefined,
    status: statusOf(post),
    // What static site generators (and the Markdown import) read for a draft.
    draft: statusOf(post) === 'draft' ? true : undefined,
    firstPublishedDate: kept ? text(post.firstPublishedDate) : undefined,
    lastPublishedDate: kept ? updated : undefined,
    excerpt: text(raw.excerpt),
    seoTitle: seo.title,
    seoDescription: seo.description,
    keywords: seo.keywords.length ? seo.keywords : undefined,
    tags: slugs(post.tagIds, site.tags),
    categories: slugs(post.categoryIds, site.categories),
    hashtags: Array.isArray(raw.hashtags) && raw.hashtags.length ? raw.hashtags : undefined,
    author: raw.memberId ? site.authors.get(raw.memberId)?.name : undefined,
    cover: cover && mediaAddress(cover.source),
    coverAlt: cover?.alt,
    coverWidth: cover?.width,
    coverHeight: cover?.height,
    language: post.language ?? MAIN_LANGUAGE,
    translationOf: site.originals.get(post.id)?.slug,
    pinned: raw.pinned === true,
    featured: raw.featured === true,
    plans: plans.length ? plans.map((id) => site.planNames.get(id) ?? id) : undefined,
    planIds: plans.length ? plans : undefined,
    commentingEnabled: raw.commentingEnabled === false ? false : undefined,
    id: post.id,
    url: postUrl(post, site.siteUrl),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The post's file: front matter, then its body as Markdown. */
export function postFile(post: RawPost, site: ExportSite, stats: MarkdownStats): string {
  const matter = stringify(frontMatter(post, site), { lineWidth: 0 });
  const { markdown } = ricosToMarkdown(nodesOf(post), stats);
  return `---\n${matter}---\n\n${markdown}`;
}

/** A file name for each post: `<slug>.md`, `<slug>.<language>.md` when another language has its slug. */
export function fileNames(posts: RawPost[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const safe = (slug: string) => slug.replace(/[\u0000-\u001f/\\:*?"<>|]/g, '-').replace(/^\.+/, '') || 'post';
  for (const post of posts) {
    const base = safe(post.slug);
    const candidates = [`${base}.md`, `${base}.${post.language ?? MAIN_LANGUAGE}.md`, `${base}.${post.id}.md`];
    const name = candidates.find((candidate) => !taken.has(candidate.toLowerCase()))!;
    taken.add(name.toLowerCase());
    names.set(post.id, name);
  }
  return names;
}
