import { answer, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/count: Count Data Items matching a filter.
export const POST = dataRoute(async ({ body, caller }) => {
  const dataCollectionId = collectionOf(body);
  const query = body.filter === undefined ? {} : { filter: body.filter };
  const totalCount = await dataClient().count(dataCollectionId, query, caller);
  return answer({ totalCount });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
