import { bulkAnswer, bulkItemFields, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/bulk/items/update: Bulk Update Data Items; an item not stored (or not the caller's) is a failure in
// the results, with the catalogue's not-found code, and the others are written.
export const POST = dataRoute(async ({ body, caller }) => {
  const dataCollectionId = collectionOf(body);
  const { items, failedItemIds } = await dataClient().bulkUpdate(dataCollectionId, bulkItemFields(body), caller);
  return bulkAnswer('UPDATE', dataCollectionId, items, failedItemIds);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
