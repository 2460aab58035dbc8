import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '../../core/reads';
import type { Author } from '../authors';
import type {
  Category,
  CursorPage,
  Draft,
  OffsetPage,
  Post,
  PostCountStat,
  PostMetrics,
  ScheduledDraft,
  Tag,
} from '../types';
import type {
  FieldsetOptions,
  GetPostBySlugOptions,
  ListPostsOptions,
  PostCountStatsOptions,
  PostQuery,
} from '../source';
import { blogSource, scheduledDrafts } from '..';

// The cached reads everything goes through. Each tags its entry with what it holds (lib/core/cache/tags.ts),
// so a webhook clears exactly what changed. Catalogue errors cross the cache as values (outcome.ts).

// Views have no event, so reads that carry counters expire within minutes; everything else waits for a webhook.
const cacheLifeFor = (fieldsets: FieldsetOptions['fieldsets']) => {
  if (fieldsets?.includes('METRICS')) cacheLife('minutes');
  else cacheLife('hours');
};

const tagPost = (post: Post | null, fieldsets: FieldsetOptions['fieldsets']) => {
  if (!post) return;
  cacheTag(cacheTags.post(post.id));
  if (fieldsets?.includes('METRICS')) cacheTag(cacheTags.metrics(post.id));
};

async function cachedPost(id: string, options: FieldsetOptions) {
  'use cache';
  cacheLifeFor(options.fieldsets);
  cacheTag(cacheTags.post(id));
  const outcome = await settle(readKey('post', id, options), () => blogSource().getPost(id, options));
  if (outcome.ok) tagPost(outcome.value, options.fieldsets);
  return outcome;
}

/** A list's tag: its language's when it lists one language (cacheTags.postsIn), else the all-language one. */
const listTag = (all: string, inLanguage: (language: string) => string, language: string | null | undefined) =>
  language ? inLanguage(language) : all;

async function cachedPostBySlug(slug: string, options: GetPostBySlugOptions) {
  'use cache';
  cacheLifeFor(options.fieldsets);
  const outcome = await settle(readKey('postBySlug', slug, options), () => blogSource().getPostBySlug(slug, options));
  // A missing slug is cached under `posts`, so the post that takes the slug later clears it.
  if (outcome.ok && outcome.value) tagPost(outcome.value, options.fieldsets);
  else cacheTag(cacheTags.posts);
  return outcome;
}

async function cachedListPosts(options: ListPostsOptions) {
  'use cache';
  cacheLifeFor(options.fieldsets);
  cacheTag(listTag(cacheTags.posts, cacheTags.postsIn, options.language));
  const outcome = await settle(readKey('listPosts', options), () => blogSource().listPosts(options));
  if (outcome.ok) for (const post of outcome.value.items) tagPost(post, options.fieldsets);
  return outcome;
}

/** The one language a query's filter holds its posts to (`language: "es"` or `{ $eq: "es" }`), if it does. */
function filterLanguage(query: PostQuery): string | undefined {
  const wanted: unknown = (query.filter as Record<string, unknown> | undefined)?.language;
  if (typeof wanted === 'string') return wanted;
  const eq = wanted && typeof wanted === 'object' ? (wanted as Record<string, unknown>).$eq : undefined;
  return typeof eq === 'string' ? eq : undefined;
}

async function cachedQueryPosts(query: PostQuery, options: FieldsetOptions) {
  'use cache';
  cacheLifeFor(options.fieldsets);
  cacheTag(listTag(cacheTags.posts, cacheTags.postsIn, filterLanguage(query)));
  const outcome = await settle(readKey('queryPosts', query, options), () => blogSource().queryPosts(query, options));
  if (outcome.ok) for (const post of outcome.value.items) tagPost(post, options.fieldsets);
  return outcome;
}

async function cachedSearch(text: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.posts);
  return settle(readKey('search', text), () => blogSource().searchPosts(text, { limit: 50 }));
}

async function cachedMetrics(id: string) {
  'use cache';
  cacheLife('minutes');
  cacheTag(cacheTags.metrics(id), cacheTags.post(id));
  return settle(readKey('metrics', id), () => blogSource().getPostMetrics(id));
}

// Stats also depend on posts: an update can publish, unpublish or re-date a post.
async function cachedPostCountStats(options: PostCountStatsOptions) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.stats, cacheTags.posts);
  return settle(readKey('postCountStats', options), () => blogSource().queryPostCountStats(options));
}

async function cachedTotal(language: string | undefined) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.stats, listTag(cacheTags.posts, cacheTags.postsIn, language));
  return settle(readKey('total', language), () => blogSource().getTotalPosts({ language }));
}

async function cachedCategories(language: string | undefined) {
  'use cache';
  cacheLife('hours');
  cacheTag(listTag(cacheTags.categories, cacheTags.categoriesIn, language));
  const outcome = await settle(readKey('categories', language), () => blogSource().listCategories({ language }));
  if (outcome.ok) for (const c of outcome.value) cacheTag(cacheTags.category(c.id));
  return outcome;
}

async function cachedTags(language: string | undefined) {
  'use cache';
  cacheLife('hours');
  cacheTag(listTag(cacheTags.tags, cacheTags.tagsIn, language));
  const outcome = await settle(readKey('tags', language), () => blogSource().listTags({ language }));
  if (outcome.ok) for (const t of outcome.value) cacheTag(cacheTags.tag(t.id));
  return outcome;
}

export const getPost = async (id: string, options: FieldsetOptions = {}): Promise<Post | null> =>
  unwrap(await cachedPost(id, options));

export const getPostBySlug = async (slug: string, options: GetPostBySlugOptions = {}): Promise<Post | null> =>
  unwrap(await cachedPostBySlug(slug, options));

export const listPosts = async (options: ListPostsOptions = {}): Promise<OffsetPage<Post>> =>
  unwrap(await cachedListPosts(options));

export const queryPosts = async (query: PostQuery, options: FieldsetOptions = {}): Promise<CursorPage<Post>> =>
  unwrap(await cachedQueryPosts(query, options));

export const searchPosts = async (text: string): Promise<Post[]> =>
  unwrap(await cachedSearch(text.trim().toLowerCase()));

export const getPostMetrics = async (id: string): Promise<PostMetrics | null> => unwrap(await cachedMetrics(id));

export const getPostCountStats = async (options: PostCountStatsOptions = {}): Promise<PostCountStat[]> =>
  unwrap(await cachedPostCountStats(options));

/** Whether `language` has a published post: tagged so that only a post coming or going clears it (postsExistIn). */
async function cachedHasPosts(language: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.postsExistIn(language));
  return settle(readKey('hasPosts', language), async () => (await blogSource().getTotalPosts({ language })) > 0);
}

export const hasPosts = async (language: string): Promise<boolean> => unwrap(await cachedHasPosts(language));

/**
 * The categories or tags sharing `translationId` (a term's translations, every language), read from the source
 * itself rather than the cached lists, so that only a category or tag event clears it (termTranslations), not a
 * post's event, which clears its language's lists for their counts.
 */
async function cachedTermTranslations(kind: 'category' | 'tag', translationId: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.termTranslations);
  return settle(readKey('termTranslations', kind, translationId), async () => {
    const terms: (Category | Tag)[] =
      kind === 'category' ? await blogSource().listCategories() : await blogSource().listTags();
    return terms.filter((t) => t.translationId === translationId);
  });
}

export const getTermTranslations = async (
  kind: 'category' | 'tag',
  translationId: string,
): Promise<(Category | Tag)[]> => unwrap(await cachedTermTranslations(kind, translationId));

export const getTotalPosts = async (options: { language?: string } = {}): Promise<number> =>
  unwrap(await cachedTotal(options.language));

export const listCategories = async (options: { language?: string } = {}): Promise<Category[]> =>
  unwrap(await cachedCategories(options.language));

export const listTags = async (options: { language?: string } = {}): Promise<Tag[]> =>
  unwrap(await cachedTags(options.language));

// Categories and tags are few: one cached list serves every lookup, and carries every id's tag. A slug is looked up
// among one language's terms when a language is given (a translation may keep its original's slug).
export const getCategoryBySlug = async (slug: string, options: { language?: string } = {}) =>
  (await listCategories(options)).find((c) => c.slug === slug) ?? null;
export const getCategory = async (id: string) => (await listCategories()).find((c) => c.id === id) ?? null;
export const getTagBySlug = async (slug: string, options: { language?: string } = {}) =>
  (await listTags(options)).find((t) => t.slug === slug) ?? null;
export const getTag = async (id: string) => (await listTags()).find((t) => t.id === id) ?? null;

// A writer's public profile, tagged `author:{memberId}`: a member event (or a change to the local authors.json
// announced by one) clears it. A slug no one has is cached under `authors`, so the member who takes it clears it.
async function cachedAuthor(memberId: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.author(memberId));
  return settle(readKey('author', memberId), () => blogSource().getAuthor(memberId));
}

async function cachedAuthorBySlug(slug: string) {
  'use cache';
  cacheLife('hours');
  const outcome = await settle(readKey('authorBySlug', slug), () => blogSource().getAuthorBySlug(slug));
  if (outcome.ok && outcome.value) cacheTag(cacheTags.author(outcome.value.id));
  else cacheTag(cacheTags.authors);
  return outcome;
}

/** The writer `memberId` names (their public profile only); null when the source knows no such member. */
export const getAuthor = async (memberId: string): Promise<Author | null> => unwrap(await cachedAuthor(memberId));

export const getAuthorBySlug = async (slug: string): Promise<Author | null> => unwrap(await cachedAuthorBySlug(slug));

async function cachedMediaSize(mediaPath: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.posts);
  return settle(readKey('mediaSize', mediaPath), async () => {
    const file = await blogSource().openMedia(mediaPath);
    await file?.close();
    return file?.size ?? null;
  });
}

/** A file under `/media/` opened for streaming (the media route); not cached: the route sends validators. */
export const openMedia = (mediaPath: string) => blogSource().openMedia(mediaPath);

/**
 * The images of the media folder a member may choose as their picture (`/media/<file>`); [] on Wix. Not cached: the
 * media folder has no event to clear a cached list, and listing one folder costs less than a page render.
 */
export const listMediaImages = async (): Promise<string[]> => (await blogSource().listMediaImages?.()) ?? [];

/** Bytes of a file under `/media/`, for feed enclosures; null when the source cannot tell. */
export const getMediaSize = async (mediaPath: string): Promise<number | null> =>
  unwrap(await cachedMediaSize(mediaPath));

// The owner's drafts, cleared by draft events (`drafts`, `draft:{id}`); only pages that checked the session call these.
const DRAFTS_PAGE_SIZE = 50;

async function cachedDrafts(cursor: string | null) {
  'use cache';
  cacheLife('hours');
  // `posts` too: on the local source a post edited out of PUBLISHED becomes a draft through a post event.
  cacheTag(cacheTags.drafts, cacheTags.posts);
  const outcome = await settle(readKey('drafts', cursor), () =>
    blogSource().listDrafts({ cursor, limit: DRAFTS_PAGE_SIZE }),
  );
  if (outcome.ok) for (const draft of outcome.value.items) cacheTag(cacheTags.draft(draft.id));
  return outcome;
}

async function cachedDraft(id: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.drafts, cacheTags.draft(id), cacheTags.post(id));
  return settle(readKey('draft', id), () => blogSource().getDraft(id));
}

export const listDrafts = async (cursor?: string | null): Promise<CursorPage<Draft>> =>
  unwrap(await cachedDrafts(cursor ?? null));

export const getDraft = async (id: string): Promise<Draft | null> => unwrap(await cachedDraft(id));

async function cachedScheduled() {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.drafts, cacheTags.posts);
  return settle(readKey('scheduled'), () => scheduledDrafts());
}

/** The scheduled drafts, soonest first (the owner's Drafts page). */
export const getScheduledDrafts = async (): Promise<ScheduledDraft[]> => unwrap(await cachedScheduled());

export interface PostRef {
  slug: string;
  lastModified?: string;
  /** The writer (their page is in the sitemap too). */
  memberId?: string;
}

async function cachedPostRefs(language: string | undefined) {
  'use cache';
  cacheLife('hours');
  cacheTag(listTag(cacheTags.posts, cacheTags.postsIn, language));
  return settle(readKey('postRefs', language), async () => {
    const refs: PostRef[] = [];
    let page = await blogSource().queryPosts({
      ...(language && { filter: { language } }),
      sort: [{ fieldName: 'firstPublishedDate', order: 'DESC' }],
      cursorPaging: { limit: 100 },
    });
    for (;;) {
      for (const p of page.items)
        refs.push({ slug: p.slug, lastModified: p.lastPublishedDate ?? p.firstPublishedDate, memberId: p.memberId });
      if (!page.cursors.next) return refs;
      page = await blogSource().queryPosts({ cursorPaging: { cursor: page.cursors.next, limit: 100 } });
    }
  });
}

/** Slug and date of every published post, newest first: the sitemap's input. */
/** Every published post's slug, date and writer (one language's, where given), newest first. */
export const listPostRefs = async (options: { language?: string } = {}): Promise<PostRef[]> =>
  unwrap(await cachedPostRefs(options.language));
