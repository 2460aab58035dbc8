import { queryPosts } from '@/lib/blog/reads';
import { siteReadingList } from '.';
import { READING_LIST_MAX } from '.';
import { isCatalogueError } from '@/lib/core/errors';
import { readingList } from '@/lib/data';
import { isCollectionMissing } from '@/lib/data/reads';

// The account page's reading list: the member's saved items (the data service), each with its post as the blog has it
// now (one cached query for all of them), so a renamed post shows its new title and a post no longer published says so.

export interface ReadingListRow {
  itemId: string;
  savedDate: string;
  /** The post, or null when it is no longer published (the member can still remove it). */
  post: { title: string; slug: string; language?: string | null } | null;
}

/**
 * The member's reading list, the latest saved first; null when it cannot be read now (the page says so); 'off' on a
 * site without the readingList collection (a bare Wix site: the page has no such section).
 */
export async function readingListView(memberId: string): Promise<ReadingListRow[] | null | 'off'> {
  if (await isCollectionMissing(readingList)) return 'off';
  try {
    const entries = await siteReadingList().list(memberId);
    if (!entries.length) return [];
    const ids = [...new Set(entries.map((e) => e.postId))].slice(0, READING_LIST_MAX);
    const { items } = await queryPosts({ filter: { id: { $in: ids } }, cursorPaging: { limit: READING_LIST_MAX } });
    const posts = new Map(items.map((p) => [p.id, { title: p.title, slug: p.slug, language: p.language }]));
    return entries.map((e) => ({ itemId: e.itemId, savedDate: e.savedDate, post: posts.get(e.postId) ?? null }));
  } catch (error) {
    const what = isCatalogueError(error) ? `${error.status} ${error.wde}` : (error as Error)?.name;
    console.error(JSON.stringify({ msg: 'reading list: read failed', error: what }));
    return null;
  }
}
