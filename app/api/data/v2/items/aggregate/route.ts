import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { answer, clientAggregation, collectionOf } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/aggregate: Aggregate Data Items (groups, and counts, sums, averages, extremes).
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  const results = await dataClient().aggregate(collectionOf(body), clientAggregation(body), callerOf(request));
  return answer({ results });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
