import { requestCookie, SESSION_COOKIE, ownerState } from '@/lib/owner';
import { dataErrors } from '@/lib/data/types';
import type { Caller } from '@/lib/data/types';

// Who may ask for the data service's jobs and see them: the owner alone, as only the owner truncates (403 WDE0027 to
// anyone else, before anything is read or looked up, so no job id can be probed for).

/** The owner's session that asks (recorded with the job); WDE0027 for anyone else. */
export function jobRequester(request: Request, caller: Caller): { sessionId?: string } {
  if (!caller.roles.has('ADMIN')) {
    throw dataErrors.permissionDenied("the data service's jobs are the owner's: sign in as the owner");
  }
  const state = ownerState(requestCookie(request, SESSION_COOKIE));
  return state.kind === 'owner' ? { sessionId: state.session.jti } : {};
}

/** The answer of a job just asked for: 202, where to ask for it again, and the job as NEW. */
export const accepted = (job: { id: string }) =>
  Response.json(
    { job },
    { status: 202, headers: { 'Cache-Control': 'no-store', Location: `/api/data/v2/jobs/${job.id}` } },
  );
