import { answer, collectionOf, dataRoute, itemFields, restItem } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items: Insert Data Item.
export const POST = dataRoute(async ({ body, caller }) => {
  const dataCollectionId = collectionOf(body);
  const item = await dataClient().insert(dataCollectionId, itemFields(body.dataItem), caller);
  return answer({ dataItem: restItem(dataCollectionId, item) });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
