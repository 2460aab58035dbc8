import { answer, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/query-referenced: the ids an item's multi-reference field holds, in order. The references
// point outside the data service (series → blog posts), so they come back unresolved, as the platform answers a
// reference to an item it cannot return.
export const POST = dataRoute(async ({ body, caller }) => {
  const ids = await dataClient().queryReferenced(
    collectionOf(body),
    body.referringItemId,
    body.referringItemFieldName,
    caller,
  );
  const results = ids.map((referencedItemId) => ({
    unresolvedReference: { referringItemId: body.referringItemId, referencedItemId },
  }));
  return answer({ results });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
