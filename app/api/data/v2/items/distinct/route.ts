import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { answer, collectionOf } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/distinct: Query Distinct Values of `fieldName` among the items `filter` matches.
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  const query = body.filter === undefined ? {} : { filter: body.filter };
  const values = await dataClient().distinct(collectionOf(body), body.fieldName, query, callerOf(request));
  return answer({ distinctValues: values });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
