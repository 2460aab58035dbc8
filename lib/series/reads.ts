import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { dataClient, series } from '@/lib/data';
import { isCollectionMissing } from '@/lib/data/reads';
import { VISITOR } from '@/lib/data/types';
import { seriesPostIds } from '@/lib/series';
import { blogSource } from '../blog';
import { readKey, settle, unwrap } from '@/lib/core/reads';

// The series a post is in, with their parts: the series from the data service, the parts' titles and slugs from the
// blog. Tagged `series-of:{postId}` (a write to a series clears the posts it names, lib/series/index.ts), `series` (a
// truncate), and `post:{id}` of every post a series lists (a part retitled, published or unpublished).

export interface SeriesPart {
  id: string;
  title: string;
  slug: string;
  language?: string | null;
}

export interface SeriesOfPost {
  id: string;
  title: string;
  /** The published posts the blog knows, in the series' order. */
  parts: SeriesPart[];
}

/** A post in more series than this shows the first ones (by creation): a series is a handful per site. */
const MAX_SERIES_PER_POST = 10;
const PAGE = 100;

/** The published posts among `ids`, in the order of `ids`. */
async function publishedParts(ids: string[]): Promise<SeriesPart[]> {
  const found = new Map<string, SeriesPart>();
  for (let start = 0; start < ids.length; start += PAGE) {
    const page = await blogSource().queryPosts({
      filter: { id: { $in: ids.slice(start, start + PAGE) } },
      cursorPaging: { limit: PAGE },
    });
    for (const post of page.items)
      found.set(post.id, { id: post.id, title: post.title, slug: post.slug, language: post.language });
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

async function cachedSeriesOf(postId: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.series, cacheTags.seriesOf(postId));
  return settle(readKey('seriesOf', postId), async (): Promise<SeriesOfPost[]> => {
    // A site without the collection (a bare Wix site) has no series: nothing to ask.
    if (await isCollectionMissing(series)) return [];
    const { items } = await dataClient().query(
      'series',
      {
        filter: { posts: { $hasSome: [postId] } },
        sort: [{ fieldName: '_createdDate', order: 'ASC' }],
        limit: MAX_SERIES_PER_POST,
      },
      VISITOR,
    );
    const lists = items.map((item) => ({ item, ids: seriesPostIds(item) }));
    // Every post a series names, shown or not: the one published later clears this too.
    for (const { ids } of lists) cacheTag(...ids.map(cacheTags.post));
    const parts = await publishedParts([...new Set(lists.flatMap(({ ids }) => ids))]);
    const byId = new Map(parts.map((part) => [part.id, part]));
    return lists.map(({ item, ids }) => ({
      id: item._id,
      title: typeof item.title === 'string' ? item.title : '',
      parts: ids.flatMap((id) => byId.get(id) ?? []),
    }));
  });
}

/** The series `postId` is in (oldest first), each with its published parts in order. */
export const getSeriesOfPost = async (postId: string): Promise<SeriesOfPost[]> => unwrap(await cachedSeriesOf(postId));
