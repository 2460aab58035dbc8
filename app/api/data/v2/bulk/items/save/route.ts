import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { bulkAnswer, bulkItemFields, collectionOf } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/bulk/items/save: Bulk Save Data Items (insert the new, replace the stored), all or none.
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  const dataCollectionId = collectionOf(body);
  const { items } = await dataClient().bulkSave(dataCollectionId, bulkItemFields(body), callerOf(request));
  return bulkAnswer('SAVE', dataCollectionId, items);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
