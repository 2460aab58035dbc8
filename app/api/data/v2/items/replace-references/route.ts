import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { answer, collectionOf, restItem } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/replace-references: sets the ids an item's multi-reference field holds.
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  const dataCollectionId = collectionOf(body);
  const item = await dataClient().changeReferences(
    'replace',
    dataCollectionId,
    body.referringItemFieldName,
    body.referringItemId,
    body.newReferencedItemIds,
    callerOf(request),
  );
  return answer({ dataItem: restItem(dataCollectionId, item) });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
