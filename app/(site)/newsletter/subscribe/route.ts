import { isCatalogueError } from '@/lib/core/errors';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { readNewsletterInput } from '@/lib/edge/api/newsletter-input';
import { NO_STORE, jsonHandler, otherMethods, seeOther } from '@/lib/edge/api/respond';
import { newsletterService, newsletterStatePath } from '@/lib/newsletter';
import { authErrors } from '@/lib/owner';

// POST subscribes an address (the rules: lib/newsletter/service.ts): the form (urlencoded) gets a 303 to a
// /newsletter/<state> page, JSON gets 202 `{ status: 'pending' }` or a catalogue error. Whether an address was known
// never shows: a new, pending or confirmed address gets the same answer after the same work. A client gets 10
// subscribes per 10 minutes (each may send a mail).

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const { mode, ...asked } = await readNewsletterInput(request);
  try {
    if (isCrossSite(request)) throw authErrors.crossSite();
    await newsletterService.subscribe({ ...asked, client: clientKey(request.headers) });
  } catch (error) {
    // A form's refusal is a page: a bad address, or try later (another site's form, too many, the queue down).
    if (mode === 'json' || !isCatalogueError(error)) throw error;
    return seeOther(newsletterStatePath(error.status === 400 ? 'invalid-email' : 'try-later'));
  }
  if (mode === 'form') return seeOther(newsletterStatePath('check-your-inbox'));
  return Response.json({ status: 'pending' }, { status: 202, headers: NO_STORE });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
