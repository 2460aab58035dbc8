import { authErrors, loginPath } from '@/lib/owner';
import { errors } from '@/lib/core/errors';
import { readBodyText } from '@/lib/core/http/body';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { isOwner } from './caller';
import { SeeOtherWhenNavigating } from './respond';

/**
 * A small form the dashboard posts (the members' actions, the sign-up rules): refused before its body is read when it
 * comes from another site (403) or from anyone but the owner (401), and when it is larger than `maxBytes` (413). The
 * errors are thrown for the route's `jsonHandler` to answer; nothing has changed.
 */
export async function ownerForm(request: Request, maxBytes = 1024): Promise<URLSearchParams> {
  return new URLSearchParams(await ownerBody(request, maxBytes));
}

/** A JSON body the dashboard sends (the editor's saves), refused as a form is; one that is not JSON is a 400. */
export async function ownerJson(request: Request, maxBytes: number): Promise<unknown> {
  const text = await ownerBody(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw errors.badValue('the body must be JSON');
  }
}

/**
 * The owner's request, checked before its body is read: `ownerForm`'s refusals. A dashboard page's own form sent
 * after the session ended goes to the login (`session-ended`), which leads back to that page (its Referer, a dashboard
 * path, or the dashboard); a script's request gets the 401.
 */
export function ownerOnly(request: Request): void {
  if (isCrossSite(request)) throw authErrors.crossSite();
  if (!isOwner(request))
    throw new SeeOtherWhenNavigating(authErrors.notOwner(), loginPath(refererPath(request), 'session-ended'));
}

/** The query parameters a page's notice of the last action reads: not said again after signing in. */
const NOTICES = ['done', 'failed', 'saved'];

/**
 * The path (and query, but its notices) of the page a request came from (past `isCrossSite`, a page of this site's);
 * undefined with no Referer. `loginPath` keeps it only where it is a dashboard path.
 */
function refererPath(request: Request): string | undefined {
  const referer = request.headers.get('referer');
  if (!referer || !URL.canParse(referer)) return undefined;
  const from = new URL(referer);
  for (const name of NOTICES) from.searchParams.delete(name);
  return `${from.pathname}${from.search}`;
}

async function ownerBody(request: Request, maxBytes: number): Promise<string> {
  ownerOnly(request);
  return readBodyText(request, maxBytes, () => errors.payloadTooLarge(`request body is larger than ${maxBytes} bytes`));
}
