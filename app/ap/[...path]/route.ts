import { otherMethods } from '@/lib/edge/api/respond';
import { fediverseFetch } from '@/lib/fediverse';

// The blog's actor, its collections and its inboxes (lib/fediverse), answered by its federation (Fedify), which
// verifies every incoming activity's signature before it is read (401 otherwise).
export const GET = fediverseFetch;
export const POST = fediverseFetch;
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
