import { getPostBySlug, listCategories, listPosts, listTags, queryPosts } from '@/lib/blog/reads';
import type { Category, Post, Tag } from '@/lib/blog/schemas';

// Everything a post page shows beside the post itself, read through the cached client.

export const POST_PAGE_FIELDSETS = ['RICH_CONTENT', 'SEO', 'URL', 'CONTENT_TEXT'] as const;

export const getPublicPost = (slug: string) => getPostBySlug(slug, { fieldsets: [...POST_PAGE_FIELDSETS] });

export interface PostNeighbours {
  previous: Post | null;
  next: Post | null;
}

/** The posts published just before and just after this one, in the same language. */
export async function postNeighbours(post: Post): Promise<PostNeighbours> {
  if (!post.firstPublishedDate) return { previous: null, next: null };
  const language = post.language ? { language: post.language } : {};
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
      filter: { id: { $in: post.relatedPostIds.slice(0, 20) } },
      cursorPaging: { limit: count },
    });
    if (picked.items.length) return picked.items;
  }
  if (!post.categoryIds.length) return [];
  const same = await listPosts({
    categoryIds: post.categoryIds,
    sort: 'PUBLISHED_DATE_DESC',
    paging: { limit: count + 1 },
  });
  return same.items.filter((p) => p.id !== post.id).slice(0, count);
}

export async function postTerms(post: Post): Promise<{ categories: Category[]; tags: Tag[] }> {
  const [categories, tags] = await Promise.all([listCategories(), listTags()]);
  return {
    categories: categories.filter((c) => post.categoryIds.includes(c.id)),
    tags: tags.filter((t) => post.tagIds.includes(t.id)),
  };
}
