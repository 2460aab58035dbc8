import { stat } from 'node:fs/promises';
import path from 'node:path';
import { localMediaUrl } from '../../media';
import { withFieldsets } from '../../fieldsets';
import { type OrderedPosts, runQuery } from '../../query/engine';
import { checkLimit, checkOffset } from '../../query/paging';
import { NAMED_SORTS, sortPosts } from '../../query/sort';
import type { Category, Draft, Post, Tag } from '../../schemas';
import { type BlogSource, DEFAULT_PAGE_SIZE, type ListPostsOptions } from '../../source';
import { searchPosts } from '../../query/search';
import { postCountStats } from './stats';
import { ContentStore, type Snapshot } from './store';

const isPublic = (post: Post) => post.status === 'PUBLISHED';
const MAX_MEMOISED_ORDERS = 32;

interface SnapshotViews {
  published: Post[];
  byId: Map<string, Post>;
  /** Published posts sorted, memoised per sort: listings re-sort nothing between edits. */
  sortedBy: OrderedPosts;
  categories: Category[];
  tags: Tag[];
}

/** Categories and tags with their post counts (published posts; tags also count drafts in `postCount`). */
function countTerms(snapshot: Snapshot): { categories: Category[]; tags: Tag[] } {
  const publishedCount = new Map<string, number>();
  const anyCount = new Map<string, number>();
  for (const post of snapshot.posts) {
    for (const id of [...post.categoryIds, ...post.tagIds]) {
      anyCount.set(id, (anyCount.get(id) ?? 0) + 1);
      if (isPublic(post)) publishedCount.set(id, (publishedCount.get(id) ?? 0) + 1);
    }
  }
  const categories: Category[] = snapshot.categories.map((c) => ({ ...c, postCount: publishedCount.get(c.id) ?? 0 }));
  const tags: Tag[] = snapshot.tags.map((t) => ({ ...t, postCount: anyCount.get(t.id) ?? 0, publishedPostCount: publishedCount.get(t.id) ?? 0 }));
  categories.sort((a, b) => (a.displayPosition ?? Infinity) - (b.displayPosition ?? Infinity) || a.label.localeCompare(b.label));
  tags.sort((a, b) => a.label.localeCompare(b.label));
  return { categories, tags };
}

/** The embedded source: a content folder in the Wix REST shapes, with the platform's query semantics. */
export function createLocalSource(dir: string): BlogSource {
  const store = new ContentStore(path.resolve(dir));

  // Derived views are computed once per snapshot; a new snapshot (an edit) starts afresh.
  const views = new WeakMap<Snapshot, SnapshotViews>();
  const view = async (): Promise<SnapshotViews> => {
    const snapshot = await store.read();
    let derived = views.get(snapshot);
    if (!derived) {
      const published = snapshot.posts.filter(isPublic);
      const orders = new Map<string, Post[]>();
      const sortedBy: OrderedPosts = (sort) => {
        const key = JSON.stringify(sort);
        let ordered = orders.get(key);
        if (!ordered) {
          if (orders.size >= MAX_MEMOISED_ORDERS) orders.clear();
          orders.set(key, (ordered = sortPosts(published, sort)));
        }
        return ordered;
      };
      derived = { published, byId: new Map(published.map((p) => [p.id, p])), sortedBy, ...countTerms(snapshot) };
      views.set(snapshot, derived);
    }
    return derived;
  };
  const published = async () => (await view()).published;
  const drafts = async (): Promise<Draft[]> => (await store.read()).posts.filter((p) => !isPublic(p));

  const byLanguage = <T extends { language?: string | null }>(items: T[], language?: string) =>
    language ? items.filter((i) => i.language === language) : items;

  return {
    name: 'local',

    // Atomic writes are seen by the folder's mtime; an in-place edit only by the file's, so look again.
    refresh: (change) => store.invalidate(change?.postId ? [change.postId] : undefined),

    async mediaSize(mediaPath) {
      const local = localMediaUrl(mediaPath);
      if (!local) return null;
      const segments = local.slice('/media/'.length).split('/').map(decodeURIComponent);
      const info = await stat(path.join(/*turbopackIgnore: true*/ store.dir, 'media', ...segments)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },

    async getPost(id, options) {
      const post = (await view()).byId.get(id);
      return post ? withFieldsets(post, options?.fieldsets) : null;
    },

    async getPostBySlug(slug, options) {
      const posts = await published();
      const post = posts.find((p) => p.slug === slug && (!options?.language || p.language === options.language));
      return post ? withFieldsets(post, options?.fieldsets) : null;
    },

    async listPosts(options: ListPostsOptions = {}) {
      const limit = checkLimit(options.paging?.limit, DEFAULT_PAGE_SIZE);
      const offset = checkOffset(options.paging?.offset);
      const all = (await view()).sortedBy(NAMED_SORTS[options.sort ?? 'FEED']);
      const hashtags = options.hashtags?.map((h) => h.toLowerCase());
      const hasSome = (values: string[], wanted?: string[]) => !wanted?.length || values.some((v) => wanted.includes(v));
      const ordered = all.filter(
        (p) =>
          (options.featured === undefined || p.featured === options.featured) &&
          (!hashtags?.length || p.hashtags.some((h) => hashtags.includes(h.toLowerCase()))) &&
          hasSome(p.categoryIds, options.categoryIds) &&
          hasSome(p.tagIds, options.tagIds) &&
          (!options.memberId || p.memberId === options.memberId) &&
          (!options.language || p.language === options.language),
      );
      return {
        items: ordered.slice(offset, offset + limit).map((p) => withFieldsets(p, options.fieldsets)),
        offset,
        limit,
        total: ordered.length,
        tooManyToCount: false,
      };
    },

    async queryPosts(query, options) {
      const page = runQuery((await view()).sortedBy, query);
      return { ...page, items: page.items.map((p) => withFieldsets(p, options?.fieldsets)) };
    },

    async searchPosts(text, options) {
      return searchPosts(await published(), text, checkLimit(options?.limit, DEFAULT_PAGE_SIZE));
    },

    async getPostMetrics(id) {
      const post = (await view()).byId.get(id);
      return post ? { views: 0, likes: 0, comments: 0, ...post.metrics } : null;
    },

    async queryPostCountStats(options) {
      return postCountStats(await published(), options);
    },

    async getTotalPosts(options) {
      return byLanguage(await published(), options?.language).length;
    },

    async getCategory(id) {
      return (await view()).categories.find((c) => c.id === id) ?? null;
    },
    async getCategoryBySlug(slug) {
      return (await view()).categories.find((c) => c.slug === slug) ?? null;
    },
    async listCategories(options) {
      return byLanguage((await view()).categories, options?.language);
    },
    async getTag(id) {
      return (await view()).tags.find((t) => t.id === id) ?? null;
    },
    async getTagBySlug(slug) {
      return (await view()).tags.find((t) => t.slug === slug) ?? null;
    },
    async listTags(options) {
      return byLanguage((await view()).tags, options?.language);
    },

    // Local files carry no edit date: drafts come newest publication date first, never-published last.
    async listDrafts(options) {
      const page = runQuery(await drafts(), {
        sort: [{ fieldName: 'firstPublishedDate', order: 'DESC' }],
        cursorPaging: { cursor: options?.cursor ?? null, limit: options?.limit },
      });
      return { ...page, items: page.items.map((d) => withFieldsets(d, ['URL'])) };
    },

    async getDraft(id) {
      return (await drafts()).find((d) => d.id === id) ?? null;
    },
  };
}
