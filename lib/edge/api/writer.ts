import { type DeskInput, desk } from '@/lib/blog';
import { CatalogueError, errors } from '@/lib/core/errors';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { MEMBER_SESSION_COOKIE, memberOfCookie } from '@/lib/members';
import { authErrors, requestCookie } from '@/lib/owner';
import { writerOf } from '@/lib/writers';
import { readJsonBody } from './body';
import { deskInput } from './desk';

// The writer's requests (app/api/writer): a member the owner lets write, by their session; a cross-site request, a
// visitor (401) or a member who may not write (403) is refused before the body is read. What they may do is the
// writer's desk's (lib/blog/desk/service.ts `writer`): their own drafts, submitted for review, never published.

const mayNotWrite = () =>
  new CatalogueError(403, 'WDE9403', 'the owner has not let this account write: ask them on the Members page');

/** The calling writer's desk, and who they are. */
export async function writerDesk(request: Request) {
  if (isCrossSite(request)) throw authErrors.crossSite();
  const member = await memberOfCookie(requestCookie(request, MEMBER_SESSION_COOKIE));
  if (!member) throw new CatalogueError(401, 'WDE9401', 'sign in to write');
  const writer = await writerOf(member.id);
  if (!writer) throw mayNotWrite();
  return { writer, desk: desk().writer({ id: writer.id, name: writer.name }) };
}

/** A writer's post as JSON (their editor sends what the owner's does; the desk keeps what is the owner's). */
export async function writerInput(request: Request, maxBytes: number): Promise<DeskInput> {
  // Plans are the owner's to set: none is read here, so none is checked against the site's.
  const { pricingPlanIds: _, ...body } = await readJsonBody(request, maxBytes);
  return deskInput(body);
}

/** `{ action: submit | trash }`. */
export function writerAction(body: unknown): 'submit' | 'trash' {
  const action = body && typeof body === 'object' ? (body as Record<string, unknown>).action : undefined;
  if (action !== 'submit' && action !== 'trash') throw errors.notAChoice('action is submit or trash');
  return action;
}
