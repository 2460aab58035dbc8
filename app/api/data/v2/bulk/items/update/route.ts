import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { collectionOf, itemFields, restItem } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';
import { errors } from '@/lib/errors';

// POST /api/data/v2/bulk/items/update: Bulk Update Data Items; an item not stored (or not the caller's) is a failure
// in the results, with the catalogue's not-found code, and the others are written.
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  const dataCollectionId = collectionOf(body);
  if (!Array.isArray(body.dataItems)) throw errors.itemsNotArray('dataItems must be an array of { id, data }');
  const { items, failedItemIds } = await dataClient().bulkUpdate(
    dataCollectionId,
    body.dataItems.map(itemFields),
    callerOf(request),
  );
  return Response.json(
    {
      results: [
        ...items.map((item) => ({
          action: 'UPDATE',
          itemMetadata: { id: item._id, success: true },
          dataItem: restItem(dataCollectionId, item),
        })),
        ...failedItemIds.map((id) => ({
          action: 'UPDATE',
          itemMetadata: { id, success: false, error: { code: 'WDE0073', description: 'the item does not exist' } },
        })),
      ],
      bulkActionMetadata: { totalSuccesses: items.length, totalFailures: failedItemIds.length },
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
