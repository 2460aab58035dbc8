import path from 'node:path';
import { localMediaUrl } from '../view';
import { withFieldsets } from '../fieldsets';
import { type PostFilter, runQuery } from '../query/engine';
import { checkLimit, checkOffset } from '@/lib/core/query/paging';
import { NAMED_SORTS } from '../query/sort';
import { MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import type { Post, PostFieldset } from '../types';
import { type BlogSource, DEFAULT_PAGE_SIZE, type ListPostsOptions } from '../source';
import { searchBody, searchPosts } from '../query/search';
import { isPaid } from '../paywall';
import { localAuthors } from './authors';
import { ContentFolder, MEDIA_FOLDER } from './folder';
import { listMediaImages, openMediaFile } from './media';
import { postCountStats } from './stats';
import { ContentStore, type Snapshot } from './store';
import { type SnapshotViews, buildViews, isPublic } from './views';
import { watchContentFolder } from './watch';

/**
 * Whether a post, category or tag is in `language`: its own, or, holding none (a folder written before languages), the
 * site's main language's.
 */
const isIn = (item: { language?: string | null }, language: string) => (item.language || MAIN_LANGUAGE) === language;

/** The listing options that filter, as one memoisable filter (none when nothing filters). */
function listFilter(options: ListPostsOptions): PostFilter | undefined {
  const { featured, categoryIds, tagIds, memberId, language } = options;
  const hashtags = options.hashtags?.map((h) => h.toLowerCase());
  const wanted = { featured, hashtags, categoryIds, tagIds, memberId, language };
  if (Object.values(wanted).every((v) => v === undefined || (Array.isArray(v) && v.length === 0) || v === ''))
    return undefined;
  const hasSome = (values: string[], some?: string[]) => !some?.length || values.some((v) => some.includes(v));
  return {
    key: JSON.stringify(wanted),
    test: (p) =>
      (featured === undefined || p.featured === featured) &&
      (!hashtags?.length || p.hashtags.some((h) => hashtags.includes(h.toLowerCase()))) &&
      hasSome(p.categoryIds, categoryIds) &&
      hasSome(p.tagIds, tagIds) &&
      (!memberId || p.memberId === memberId) &&
      (!language || isIn(p, language)),
  };
}

/** The embedded source: a content folder in the Wix REST shapes, with the platform's query semantics. */
export function createLocalSource(dir: string): BlogSource {
  const store = new ContentStore(path.resolve(dir), { searchText: searchBody });
  const authors = localAuthors(store.dir);
  // The folder's one writer (folder.ts): the layout, and what the site itself writes to it.
  const folder = new ContentFolder(store.dir);

  // Derived views are computed once per snapshot, patched from the previous snapshot's when an event named posts.
  const views = new WeakMap<Snapshot, SnapshotViews>();
  const view = async (): Promise<SnapshotViews> => {
    const snapshot = await store.read();
    let derived = views.get(snapshot);
    if (!derived) {
      derived = buildViews(snapshot, snapshot.base && views.get(snapshot.base));
      views.set(snapshot, derived);
      // Settled: the next snapshot patches from this one, and the one before can be collected.
      delete snapshot.base;
      delete snapshot.changes;
    }
    return derived;
  };
  /** A post as the caller asked for it: the body read from its file only when a fieldset needs it. */
  const project = async <T extends Post>(post: T, fieldsets: readonly PostFieldset[] = []): Promise<T> => {
    const needsBody = fieldsets.includes('RICH_CONTENT') || fieldsets.includes('CONTENT_TEXT');
    const full = needsBody ? { ...post, ...(await store.body(post.id)) } : post;
    return withFieldsets(full, fieldsets) as T;
  };
  const published = async () => (await view()).published;
  /** A published post as last read, by id or slug: no pass over the folder. */
  const publishedPost = async (id: string) => {
    await store.read();
    const post = store.post(id);
    return post && isPublic(post) ? post : null;
  };

  const byLanguage = <T extends { language?: string | null }>(items: T[], language?: string) =>
    language ? items.filter((i) => isIn(i, language)) : items;

  return {
    name: 'local',

    // Atomic writes are seen by the folder's mtime; an in-place edit only by the file's, so look again.
    refresh: (change) => store.invalidate(change?.postId ? [change.postId] : undefined),

    async movedTerm(kind, slug, language) {
      const terms = await folder.terms(kind).catch(() => []);
      const moved = terms.find(
        (t) =>
          (t.language ?? MAIN_LANGUAGE) === language &&
          Array.isArray(t.previousSlugs) &&
          t.previousSlugs.includes(slug),
      );
      return moved && typeof moved.slug === 'string' ? moved.slug : null;
    },

    watch(onChange) {
      store.onUnexplained(onChange);
      const stop = watchContentFolder(store.dir, (notice) => {
        if (notice?.posts.length) store.notice(notice.posts);
        // The read finds what moved (the terms files and the folder by their stats) and tells onChange.
        store
          .read()
          .catch((error: unknown) =>
            console.warn(JSON.stringify({ msg: 'content folder: a change was not read', error: String(error) })),
          );
      });
      return () => {
        stop();
        store.onUnexplained(null);
      };
    },

    // The folder and the views every page needs (published posts, term counts) before the first request.
    preload: async () => {
      await view();
    },

    async openMedia(mediaPath) {
      const local = localMediaUrl(mediaPath);
      if (!local) return null;
      const segments = local.slice('/media/'.length).split('/').map(decodeURIComponent);
      return openMediaFile(path.join(/*turbopackIgnore: true*/ store.dir, MEDIA_FOLDER), segments);
    },

    listMediaImages: () => listMediaImages(path.join(/*turbopackIgnore: true*/ store.dir, MEDIA_FOLDER)),

    async getPost(id, options) {
      const post = await publishedPost(id);
      return post ? project(post, options?.fieldsets) : null;
    },

    async getPostBySlug(slug, options) {
      await store.read();
      const post = store
        .postsWithSlug(slug)
        .find((p) => isPublic(p) && (!options?.language || isIn(p, options.language)));
      return post ? project(post, options?.fieldsets) : null;
    },

    async listPosts(options: ListPostsOptions = {}) {
      const limit = checkLimit(options.paging?.limit, DEFAULT_PAGE_SIZE);
      const offset = checkOffset(options.paging?.offset);
      const ordered = (await view()).select(NAMED_SORTS[options.sort ?? 'FEED'], listFilter(options));
      return {
        items: await Promise.all(ordered.slice(offset, offset + limit).map((p) => project(p, options.fieldsets))),
        offset,
        limit,
        total: ordered.length,
      };
    },

    async queryPosts(query, options) {
      const page = runQuery((await view()).select, query);
      return { ...page, items: await Promise.all(page.items.map((p) => project(p, options?.fieldsets))) };
    },

    async searchPosts(text, options) {
      const posts = await published();
      const body = await store.searchTexts();
      // A paid post is found by its preview's words only: here its excerpt (paywall.ts).
      const found = searchPosts(posts, text, checkLimit(options?.limit, DEFAULT_PAGE_SIZE), (post) =>
        isPaid(post) ? searchBody({ ...post, contentText: '' }) : (body(post.id) ?? ''),
      );
      // Each with its text (as Wix answers them: CONTENT_TEXT), for the results' snippets; a paid post's is its
      // preview's, which paywall.ts makes from what it answered.
      return Promise.all(
        found.map(async (post) =>
          isPaid(post) ? post : { ...post, contentText: (await store.body(post.id))?.contentText ?? null },
        ),
      );
    },

    async getPostMetrics(id) {
      const post = await publishedPost(id);
      return post ? { views: 0, likes: 0, comments: 0, ...post.metrics } : null;
    },

    async queryPostCountStats(options) {
      return postCountStats(
        (await view()).select(NAMED_SORTS.PUBLISHED_DATE_ASC, listFilter({ language: options?.language })),
        options,
      );
    },

    async getTotalPosts(options) {
      const views = await view();
      return options?.language
        ? views.select(NAMED_SORTS.FEED, listFilter({ language: options.language })).length
        : views.published.length;
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

    getAuthor: (memberId) => authors.byId(memberId),
    getAuthorBySlug: (slug) => authors.bySlug(slug),

    // Local files carry no edit date: drafts come newest publication date first, never-published last.
    async listDrafts(options) {
      const page = runQuery((await view()).drafts, {
        sort: [{ fieldName: 'firstPublishedDate', order: 'DESC' }],
        cursorPaging: { cursor: options?.cursor ?? null, limit: options?.limit },
      });
      return { ...page, items: page.items.map((d) => withFieldsets(d, ['URL'])) };
    },

    async getDraft(id) {
      await store.read();
      const draft = store.post(id);
      return draft && !isPublic(draft) ? { ...draft, ...(await store.body(draft.id)) } : null;
    },

    // The site is the platform here: a draft's time is in its file, and the site publishes it by writing the file
    // (the event lib/schedule then sends refreshes the store).
    sitePublishes: {
      scheduledAt: (id) => folder.scheduledAt(id),
      publishScheduled: (id, at) => folder.publishScheduled(id, at),
    },
  };
}
