import { answer, changeReferenceGroups, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';

// POST /api/data/v2/bulk/items/remove-references: removes references; each referring item and field in one
// statement, every one checked before the first is written.
export const POST = dataRoute(async ({ body, caller }) => {
  const count = await changeReferenceGroups('remove', body, caller);
  return answer({ bulkActionMetadata: { totalSuccesses: count, totalFailures: 0 } });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
