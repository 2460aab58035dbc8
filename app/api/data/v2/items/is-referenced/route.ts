import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { answer, collectionOf } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/is-referenced: whether an item's multi-reference field holds another item.
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  const { referringItemFieldName, referringItemId, referencedItemId } = body;
  const isReferenced = await dataClient().isReferenced(
    collectionOf(body),
    referringItemFieldName,
    referringItemId,
    referencedItemId,
    callerOf(request),
  );
  return answer({ isReferenced });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
