import { bulkAnswer, bulkItemFields, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/bulk/items/save: Bulk Save Data Items (insert the new, replace the stored), all or none.
export const POST = dataRoute(async ({ body, caller }) => {
  const dataCollectionId = collectionOf(body);
  const { items } = await dataClient().bulkSave(dataCollectionId, bulkItemFields(body), caller);
  return bulkAnswer('SAVE', dataCollectionId, items);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
