import { answer, clientAggregation, collectionOf, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/items/aggregate: Aggregate Data Items (groups, and counts, sums, averages, extremes).
export const POST = dataRoute(async ({ body, caller }) => {
  const results = await dataClient().aggregate(collectionOf(body), clientAggregation(body), caller);
  return answer({ results });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
