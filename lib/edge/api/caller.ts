import { SESSION_COOKIE, ownerState, requestCookie } from '@/lib/owner';
import { OWNER, VISITOR } from '@/lib/data/types';
import type { Caller } from '@/lib/data/types';

/** Whether the request carries the owner's valid session. */
export const isOwner = (request: Request): boolean =>
  ownerState(requestCookie(request, SESSION_COOKIE)).kind === 'owner';

/** Who calls the data API: the owner with a valid session, else a visitor (members come with issue 14). */
export const callerOf = (request: Request): Caller => (isOwner(request) ? OWNER : VISITOR);
