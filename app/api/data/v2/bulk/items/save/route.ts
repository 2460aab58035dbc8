import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { collectionOf, itemFields, restItem } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';
import { errors } from '@/lib/errors';

// POST /api/data/v2/bulk/items/save: Bulk Save Data Items (insert the new, replace the stored), all or none.
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  const dataCollectionId = collectionOf(body);
  if (!Array.isArray(body.dataItems)) throw errors.itemsNotArray('dataItems must be an array of { id?, data }');
  const { items } = await dataClient().bulkSave(dataCollectionId, body.dataItems.map(itemFields), callerOf(request));
  return Response.json(
    {
      results: items.map((item) => ({
        action: 'SAVE',
        itemMetadata: { id: item._id, success: true },
        dataItem: restItem(dataCollectionId, item),
      })),
      bulkActionMetadata: { totalSuccesses: items.length, totalFailures: 0 },
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
