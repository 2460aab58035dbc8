import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { fediverseFetch, guardInbox } from '@/lib/fediverse';

// The blog's actor, its collections and its inboxes (lib/fediverse), answered by its federation (Fedify), which
// verifies every incoming activity's signature before it is read (401 otherwise). An activity is first bounded in
// size and counted against its instance's and its client's budgets (inbox-guard.ts: 413, 429).
export const GET = fediverseFetch;
export const POST = jsonHandler(async (request: Request) => fediverseFetch(await guardInbox(request)));
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
