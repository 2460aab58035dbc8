import type { DataClient } from '@/lib/data';
import { OWNER, countBy } from '@/lib/data/types';
import { postViews } from './collection';
import type { PostViews } from './types';

// Views on the local platform: an item per counted view in the site's records (the embedded database or Postgres, so
// several instances count into one store).

export function createLocalViews(client: DataClient): PostViews {
  client.declare(postViews);
  return {
    async count(postId) {
      await client.insert(postViews.id, { postId }, OWNER);
    },
  };
}

/** The views the site has counted for each of `postIds` (one grouped count). */
export const storedViewCounts = (client: DataClient, postIds: string[]) =>
  countBy(client, postViews, 'postId', postIds);

/** The `limit` posts with the most counted views, most first (one grouped count over the collection). */
export async function mostKeptViews(client: DataClient, limit: number) {
  client.declare(postViews);
  const groups = await client.aggregate(
    postViews.id,
    { filter: {}, groupBy: ['postId'], operations: { n: { op: 'count' } } },
    OWNER,
  );
  return groups
    .map((group) => ({ postId: String(group.postId), views: Number(group.n) }))
    .sort((a, b) => b.views - a.views || a.postId.localeCompare(b.postId))
    .slice(0, limit);
}
