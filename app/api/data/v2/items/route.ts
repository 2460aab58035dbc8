import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { answer, collectionOf, itemFields, restItem } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items: Insert Data Item.
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  const dataCollectionId = collectionOf(body);
  const item = await dataClient().insert(dataCollectionId, itemFields(body.dataItem), callerOf(request));
  return answer({ dataItem: restItem(dataCollectionId, item) });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
