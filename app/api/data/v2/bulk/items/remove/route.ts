import { answer, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/bulk/items/remove: Bulk Remove Data Items by id; ids not stored are reported as failures.
export const POST = dataRoute(async ({ body, caller }) => {
  const dataCollectionId = collectionOf(body);
  const { removedItemIds } = await dataClient().bulkRemove(dataCollectionId, body.dataItemIds, caller);
  const removed = new Set(removedItemIds);
  const asked = Array.isArray(body.dataItemIds) ? (body.dataItemIds as string[]) : [];
  return answer({
    results: asked.map((id) => ({ action: 'DELETE', itemMetadata: { id, success: removed.has(id) } })),
    bulkActionMetadata: { totalSuccesses: removed.size, totalFailures: asked.length - removed.size },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
