import type { posts } from '@wix/blog';
import { errors } from '@/lib/core/errors';
import { MAX_LIST_VALUES } from '@/lib/core/query/filter';
import { parseFilter } from '../query/filter';
import { checkLimit, checkOffset } from '@/lib/core/query/paging';
import { parseSort } from '../query/sort';
import { POST_SORTS, type Post } from '../types';
import { type BlogSource, DEFAULT_PAGE_SIZE, type ListPostsOptions, MAX_PAGE_SIZE } from '../source';
import { searchPosts } from '../query/search';
import { previewOf } from '../paywall';
import { type Json, MAX_CURSOR, type WixContext, count, cursorPage, defined, fieldsetOption } from './client';
import { toWixFilter, toWixSort } from './query';
import * as reshape from './reshape';
import { cutAt, statsRequest } from './stats';
import { statusOf } from '@/lib/wix/upstream';

/** Wix cursors are at most this long. */
/** Search reads at most this many pages of 100 posts. */
const MAX_SEARCH_PAGES = 10;
/** How long the posts searched stay in memory when no event comes; a verified event drops them at once. */
const SEARCH_CORPUS_MS = 60 * 60 * 1000;

type PostMethods = Omit<
  BlogSource,
  | 'name'
  | 'refresh'
  | 'getCategory'
  | 'getCategoryBySlug'
  | 'listCategories'
  | 'getTag'
  | 'getTagBySlug'
  | 'listTags'
  | 'listDrafts'
  | 'getDraft'
  | 'getAuthor'
  | 'getAuthorBySlug'
  | 'openMedia'
>;

function checkIds(name: string, values: string[] | undefined) {
  if (values && values.length > MAX_LIST_VALUES) {
    const tooMany = name === 'hashtags' ? errors.tooManyValues : errors.tooManyIds;
    throw tooMany(`${name} takes at most ${MAX_LIST_VALUES} values, got ${values.length}`);
  }
}

export function postMethods({ client, fail, call, get, all }: WixContext): PostMethods & { refresh(): void } {
  // Wix cannot search text, so search ranks the newest posts here. They are read once, not once per query:
  // at up to 10 calls a read, per-query reads would spend the site's 200 requests a minute on a few searches.
  let corpus: { until: number; posts: Promise<Post[]> } | null = null;
  const searchCorpus = () => {
    if (!corpus || corpus.until < Date.now()) {
      const page = async (offset: number) => {
        const response = await client.posts.listPosts({
          paging: { offset, limit: MAX_PAGE_SIZE },
          fieldsets: ['CONTENT_TEXT'],
        });
        const body = reshape.envelope(response, 'searchPosts');
        return {
          // A paid post is found by its preview's words only (paywall.ts): Wix answers an API key the whole text.
          items: reshape.reshapePosts(body.posts, 'searchPosts').map(previewOf),
          total: count((body.metaData as Json | undefined)?.total),
        };
      };
      const posts = all('searchPosts', page, MAX_SEARCH_PAGES);
      const entry = { until: Date.now() + SEARCH_CORPUS_MS, posts };
      corpus = entry;
      posts.catch(() => {
        if (corpus === entry) corpus = null;
      });
    }
    return corpus.posts;
  };

  return {
    refresh() {
      corpus = null;
    },

    getPost: (id, options) =>
      get('getPost', id, async (segment) => {
        const response = await client.posts.getPost(segment, fieldsetOption(options?.fieldsets));
        return reshape.reshapePost(reshape.envelope(response, 'getPost').post, 'getPost');
      }),

    getPostBySlug: (slug, options) =>
      get('getPostBySlug', slug, async (segment) => {
        const response = await client.posts.getPostBySlug(segment, {
          ...fieldsetOption(options?.fieldsets),
          ...defined({ language: options?.language }),
        });
        return reshape.reshapePost(reshape.envelope(response, 'getPostBySlug').post, 'getPostBySlug');
      }),

    async listPosts(options: ListPostsOptions = {}) {
      const limit = checkLimit(options.paging?.limit, DEFAULT_PAGE_SIZE);
      const offset = checkOffset(options.paging?.offset);
      if (options.sort !== undefined && !POST_SORTS.includes(options.sort))
        throw errors.notAChoice(`sort must be one of ${POST_SORTS.join(', ')}`);
      checkIds('categoryIds', options.categoryIds);
      checkIds('tagIds', options.tagIds);
      checkIds('hashtags', options.hashtags);
      return call('listPosts', async () => {
        const { featured, hashtags, categoryIds, tagIds, sort, language, memberId } = options;
        const response = await client.posts.listPosts({
          ...defined({ featured, hashtags, categoryIds, tagIds, sort, language, memberId }),
          ...fieldsetOption(options.fieldsets),
          paging: { offset, limit },
        });
        const body = reshape.envelope(response, 'listPosts');
        const items = reshape.reshapePosts(body.posts, 'listPosts');
        const meta = (body.metaData ?? {}) as Json;
        return {
          items,
          offset,
          limit,
          total: count(meta.total) ?? offset + items.length,
        };
      });
    },

    async queryPosts(query, options) {
      if (Object.hasOwn(query, 'paging') || Object.hasOwn(query, 'skip'))
        throw errors.skipWithCursor('offset paging cannot be combined with cursor paging');
      const cursor = query.cursorPaging?.cursor ?? null;
      if (cursor !== null && (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > MAX_CURSOR))
        throw errors.malformedCursor('cursor is malformed');
      const limit = checkLimit(query.cursorPaging?.limit, DEFAULT_PAGE_SIZE);
      const filter = toWixFilter(parseFilter(query.filter));
      const sort = toWixSort(parseSort(query.sort));
      // After the first page Wix reads filter and sort from the cursor, and takes nothing else.
      const wixQuery = cursor
        ? { cursorPaging: { cursor, limit } }
        : { ...(Object.keys(filter).length ? { filter } : {}), sort, cursorPaging: { limit } };
      try {
        const response = await client.posts.queryPosts(wixQuery as posts.PostQuery, fieldsetOption(options?.fieldsets));
        const body = reshape.envelope(response, 'queryPosts');
        return cursorPage(reshape.reshapePosts(body.posts, 'queryPosts'), body);
      } catch (error) {
        if (cursor && statusOf(error) === 400) throw errors.malformedCursor('Wix rejected the cursor');
        throw fail(error, 'queryPosts');
      }
    },

    // Wix filters titles but not text: rank the published posts, text included, as the local source does.
    async searchPosts(text, options) {
      const limit = checkLimit(options?.limit, DEFAULT_PAGE_SIZE);
      if (!text.trim()) return [];
      return searchPosts(await searchCorpus(), text, limit);
    },

    getPostMetrics: (id) =>
      get('getPostMetrics', id, async (segment) => {
        const response = await client.posts.getPostMetrics(segment);
        return reshape.reshapeMetrics(reshape.envelope(response, 'getPostMetrics').metrics, 'getPostMetrics');
      }),

    async queryPostCountStats(options) {
      const { request, rangeEnd } = statsRequest(options);
      return call('queryPostCountStats', async () => {
        const response = await client.posts.queryPostCountStats(defined({ ...request }));
        return cutAt(
          reshape.reshapeStats(reshape.envelope(response, 'queryPostCountStats').stats, 'queryPostCountStats'),
          rangeEnd,
        );
      });
    },

    getTotalPosts: (options) =>
      call('getTotalPosts', async () => {
        const response = await client.posts.getTotalPosts(defined({ language: options?.language }));
        // Proto JSON leaves out zero values: no total is 0.
        const total = count(reshape.envelope(response, 'getTotalPosts').total ?? 0);
        if (total === undefined) throw errors.upstreamUnparseable('Wix answered getTotalPosts without a valid total');
        return total;
      }),
  };
}
