import { getPost, getPostBySlug, listCategories, listPosts, listTags, queryPosts } from '@/lib/blog/reads';
import { type SeriesOfPost, getSeriesOfPost } from '@/lib/series/reads';
import type { Category, Post, Tag } from '@/lib/blog/types';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { type Language, languageOf } from '@/lib/core/i18n/languages';

// Everything a post page shows beside the post itself, read through the cached client.

export const POST_PAGE_FIELDSETS = ['RICH_CONTENT', 'SEO', 'URL', 'CONTENT_TEXT'] as const;

/**
 * The published post at `slug`, or null: among one language's posts where the page has a language (a post page), else
 * in any (the paid reader's page, which names the post only).
 */
export const getPublicPost = async (slug: string, language?: Language) => {
  const post = await getPostBySlug(slug, { fieldsets: [...POST_PAGE_FIELDSETS], ...(language && { language }) });
  return post && (!language || languageOf(post.language) === language) ? post : null;
};

/** Post ids are the platform's GUIDs (the demo's and the tests' are plain names); nothing else is looked up. */
const POST_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** The published post an API route names by id (its likes, its comments), or the catalogue's 404. */
export async function publishedPostById(postId: string): Promise<Post> {
  const post = POST_ID.test(postId) ? await getPost(postId) : null;
  if (!post) throw errors.notFound(`post "${postId.slice(0, 128)}" does not exist`);
  return post;
}

export interface PostNeighbours {
  previous: Post | null;
  next: Post | null;
}

/** The posts published just before and just after this one, in the same language. */
export async function postNeighbours(post: Post): Promise<PostNeighbours> {
  if (!post.firstPublishedDate) return { previous: null, next: null };
  const language = { language: languageOf(post.language) };
  const neighbour = async (op: '$lt' | '$gt', order: 'ASC' | 'DESC') =>
    (
      await queryPosts({
        filter: { ...language, firstPublishedDate: { [op]: post.firstPublishedDate } },
        sort: [{ fieldName: 'firstPublishedDate', order }],
        cursorPaging: { limit: 1 },
      })
    ).items[0] ?? null;
  const [previous, next] = await Promise.all([neighbour('$lt', 'DESC'), neighbour('$gt', 'ASC')]);
  return { previous, next };
}

/** Up to three related posts: the ones the author picked, else the newest in the same categories. */
export async function relatedPosts(post: Post, count = 3): Promise<Post[]> {
  if (post.relatedPostIds.length) {
    const picked = await queryPosts({
      filter: { id: { $in: post.relatedPostIds.slice(0, 20) }, language: languageOf(post.language) },
      cursorPaging: { limit: count },
    });
    if (picked.items.length) return picked.items;
  }
  if (!post.categoryIds.length) return [];
  const same = await listPosts({
    categoryIds: post.categoryIds,
    language: languageOf(post.language),
    sort: 'PUBLISHED_DATE_DESC',
    paging: { limit: count + 1 },
  });
  return same.items.filter((p) => p.id !== post.id).slice(0, count);
}

export async function postTerms(post: Post): Promise<{ categories: Category[]; tags: Tag[] }> {
  const language = languageOf(post.language);
  const [categories, tags] = await Promise.all([listCategories({ language }), listTags({ language })]);
  return {
    categories: categories.filter((c) => post.categoryIds.includes(c.id)),
    tags: tags.filter((t) => post.tagIds.includes(t.id)),
  };
}

export interface SeriesPartView {
  id: string;
  title: string;
  slug: string;
  language?: string | null;
  /** The post on whose page this is shown. */
  current: boolean;
}

/** "Part {part} of {parts.length} — {title}", and every part to link to. */
export interface PostSeriesView {
  id: string;
  title: string;
  part: number;
  parts: SeriesPartView[];
}

/** Each series among `series` that shows `postId`, with that post's place in it. */
export function seriesViews(postId: string, series: SeriesOfPost[]): PostSeriesView[] {
  return series.flatMap(({ id, title, parts }) => {
    const index = parts.findIndex((p) => p.id === postId);
    if (index < 0) return [];
    const shown = parts.map((p) => ({ ...p, current: p.id === postId }));
    return [{ id, title: title || 'Untitled series', part: index + 1, parts: shown }];
  });
}

/** The series the post is in. They are extra: while the data service fails, the post shows without them. */
export async function postSeries(post: Post): Promise<PostSeriesView[]> {
  try {
    return seriesViews(post.id, await getSeriesOfPost(post.id));
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    console.warn(JSON.stringify({ msg: 'series unavailable', postId: post.id, error: error.message }));
    return [];
  }
}
