import { answer, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/truncate: Truncate Data Items (the owner only).
export const POST = dataRoute(async ({ body, caller }) => {
  await dataClient().truncate(collectionOf(body), caller);
  return answer({});
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
