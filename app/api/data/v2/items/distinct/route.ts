import { answer, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/distinct: Query Distinct Values of `fieldName` among the items `filter` matches.
export const POST = dataRoute(async ({ body, caller }) => {
  const query = body.filter === undefined ? {} : { filter: body.filter };
  const values = await dataClient().distinct(collectionOf(body), body.fieldName, query, caller);
  return answer({ distinctValues: values });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
