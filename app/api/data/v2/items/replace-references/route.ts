import { answer, collectionOf, dataRoute, restItem } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/replace-references: sets the ids an item's multi-reference field holds.
export const POST = dataRoute(async ({ body, caller }) => {
  const dataCollectionId = collectionOf(body);
  const item = await dataClient().changeReferences(
    'replace',
    dataCollectionId,
    body.referringItemFieldName,
    body.referringItemId,
    body.newReferencedItemIds,
    caller,
  );
  return answer({ dataItem: restItem(dataCollectionId, item) });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
