import { bulkAnswer, bulkItemFields, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/bulk/items/insert: Bulk Insert Data Items, all or none.
export const POST = dataRoute(async ({ body, caller }) => {
  const dataCollectionId = collectionOf(body);
  const { items } = await dataClient().bulkInsert(dataCollectionId, bulkItemFields(body), caller);
  return bulkAnswer('INSERT', dataCollectionId, items);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
