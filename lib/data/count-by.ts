import type { DataClient } from './client';
import { OWNER } from './permissions';
import type { CollectionDeclaration } from './model';

/**
 * How many items of `collection` hold each of `values` in `field` (beside what `filter` asks), in one grouped count
 * query, as the site (a value none holds is absent). The features' counts per post (likes, published comments) use it.
 */
export async function countBy(
  client: DataClient,
  collection: CollectionDeclaration,
  field: string,
  values: string[],
  filter: Record<string, unknown> = {},
): Promise<Map<string, number>> {
  client.declare(collection);
  if (!values.length) return new Map();
  const groups = await client.aggregate(
    collection.id,
    { filter: { ...filter, [field]: { $in: values } }, groupBy: [field], operations: { n: { op: 'count' } } },
    OWNER,
  );
  return new Map(groups.map((group) => [String(group[field]), Number(group.n)]));
}
