import { cacheTags } from '@/lib/core/cache/tags';
import type { DataChange } from '@/lib/data';
import { series } from '@/lib/data';

// A series shows on the pages of the posts it holds (lib/blog/reads caches "the series of post X" under
// `series-of:X`). A change to one clears the posts it held and the posts it holds: one that joined, one that left,
// and the others, whose part numbers and titles moved.

/** The post ids a series item lists, each once, in their order. */
export function seriesPostIds(item: Record<string, unknown>): string[] {
  const posts = item.posts;
  if (!Array.isArray(posts)) return [];
  return [...new Set(posts.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/** The tags a write to the data service clears for series: none for another collection. */
export function seriesChangeTags(change: DataChange): string[] {
  if (change.collectionId !== series.id) return [];
  if (change.truncated) return [cacheTags.series];
  const ids = new Set([...change.before, ...change.after].flatMap(seriesPostIds));
  return [...ids].map(cacheTags.seriesOf);
}
