import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { answer, changeReferenceGroups } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';

// POST /api/data/v2/bulk/items/remove-references: removes references; each referring item and field in one
// statement, every one checked before the first is written.
export const POST = jsonHandler(async (request) => {
  const count = await changeReferenceGroups('remove', await readJsonBody(request), callerOf(request));
  return answer({ bulkActionMetadata: { totalSuccesses: count, totalFailures: 0 } });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
