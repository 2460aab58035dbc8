import { readJsonBody } from '@/lib/api/body';
import { callerOf } from '@/lib/api/caller';
import { answer, collectionOf, referenceGroups } from '@/lib/api/data-rest';
import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { dataClient } from '@/lib/data';

// POST /api/data/v2/bulk/items/remove-references: removes references; each referring item and field in one statement.
export const POST = jsonHandler(async (request) => {
  const body = await readJsonBody(request);
  const dataCollectionId = collectionOf(body);
  const groups = referenceGroups(body.dataItemReferences);
  for (const { field, itemId, targets } of groups) {
    await dataClient().changeReferences('remove', dataCollectionId, field, itemId, targets, callerOf(request));
  }
  const count = groups.reduce((n, g) => n + g.targets.length, 0);
  return answer({ bulkActionMetadata: { totalSuccesses: count, totalFailures: 0 } });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
