import { answer, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/is-referenced: whether an item's multi-reference field holds another item.
export const POST = dataRoute(async ({ body, caller }) => {
  const { referringItemFieldName, referringItemId, referencedItemId } = body;
  const isReferenced = await dataClient().isReferenced(
    collectionOf(body),
    referringItemFieldName,
    referringItemId,
    referencedItemId,
    caller,
  );
  return answer({ isReferenced });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
