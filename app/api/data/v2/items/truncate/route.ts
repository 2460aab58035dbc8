import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { answer, collectionOf } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/truncate: Truncate Data Items (the owner only).
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  await dataClient().truncate(collectionOf(body), callerOf(request));
  return answer({});
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
