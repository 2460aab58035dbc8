import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '../../core/reads';
import type { CursorPage, OffsetPage, Post, PostCountStat, PostMetrics } from '../types';
import type {
  FieldsetOptions,
  GetPostBySlugOptions,
  ListPostsOptions,
  PostCountStatsOptions,
  PostQuery,
} from '../source';
import { blogSource } from '..';
import { type SearchHit, searchHit } from '../query/search';
import { cacheLifeFor, listTag, tagPost } from './tagging';

// The cached reads of posts: one by id or slug, the lists and queries, search, a post's counters, the counts by
// month and in all, whether a language has posts, and every post's slug for the sitemap.

async function cachedPost(id: string, options: FieldsetOptions) {
  'use cache';
  cacheLifeFor(options.fieldsets);
  cacheTag(cacheTags.post(id));
  const outcome = await settle(readKey('post', id, options), () => blogSource().getPost(id, options));
  if (outcome.ok) tagPost(outcome.value, options.fieldsets);
  return outcome;
}

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

// What is kept of each post found is its snippet, not its text: a query's entry stays small.
async function cachedSearch(text: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.posts);
  return settle(readKey('search', text), async () =>
    (await blogSource().searchPosts(text, { limit: 50 })).map((post) => searchHit(post, text)),
  );
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

export const getPost = async (id: string, options: FieldsetOptions = {}): Promise<Post | null> =>
  unwrap(await cachedPost(id, options));

export const getPostBySlug = async (slug: string, options: GetPostBySlugOptions = {}): Promise<Post | null> =>
  unwrap(await cachedPostBySlug(slug, options));

export const listPosts = async (options: ListPostsOptions = {}): Promise<OffsetPage<Post>> =>
  unwrap(await cachedListPosts(options));

export const queryPosts = async (query: PostQuery, options: FieldsetOptions = {}): Promise<CursorPage<Post>> =>
  unwrap(await cachedQueryPosts(query, options));

/** The posts `text` finds, best first, each with the snippet of its text around the first match. */
export const searchHits = async (text: string): Promise<SearchHit[]> =>
  unwrap(await cachedSearch(text.trim().toLowerCase()));

export const searchPosts = async (text: string): Promise<Post[]> => (await searchHits(text)).map((hit) => hit.post);

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

export const getTotalPosts = async (options: { language?: string } = {}): Promise<number> =>
  unwrap(await cachedTotal(options.language));

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

/** Every published post's slug, date and writer (one language's, where given), newest first: the sitemap's input. */
export const listPostRefs = async (options: { language?: string } = {}): Promise<PostRef[]> =>
  unwrap(await cachedPostRefs(options.language));
