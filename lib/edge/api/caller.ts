import { requestCookie } from '@/lib/owner';
import { ownerState } from '@/lib/owner';
import { SESSION_COOKIE } from '@/lib/owner';
import { OWNER, VISITOR } from '@/lib/data/types';
import type { Caller } from '@/lib/data/types';

/** Who calls the data API: the owner with a valid session, else a visitor (members come with issue 14). */
export const callerOf = (request: Request): Caller =>
  ownerState(requestCookie(request, SESSION_COOKIE)).kind === 'owner' ? OWNER : VISITOR;
