import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { readNewsletterInput } from '@/lib/edge/api/newsletter-input';
import { authErrors } from '@/lib/owner';
import { clientKey, consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { CatalogueError, isCatalogueError } from '@/lib/core/errors';
import { askToSubscribe, siteNewsletter } from '@/lib/newsletter';
import { type NewsletterStateName, newsletterStatePath } from '@/lib/newsletter';
import { processSingleton } from '@/lib/core/process-singleton';
import { isCrossSite } from '@/lib/core/security/same-origin';

// POST subscribes an address: the form (urlencoded) gets a 303 to a /newsletter/<state> page, JSON gets 202
// `{ status: 'pending' }` or a catalogue error. Whether an address was known never shows: a new, pending or
// confirmed address gets the same answer after the same work (the address checked and left to the site's queue,
// whose worker stores it and mails the link: lib/newsletter/queue.ts). A client gets 10 subscribes per 10 minutes
// (each may send a mail).

const SUBSCRIBES_PER_CLIENT = 10;
const WINDOW_SECONDS = 10 * 60;
const limiter = () =>
  processSingleton('newsletter-limits', () =>
    createLimiter({ keyPrefix: 'newsletter:client', points: SUBSCRIBES_PER_CLIENT, durationSeconds: WINDOW_SECONDS }),
  );

const NO_STORE = { 'Cache-Control': 'no-store' };
const seeOther = (state: NewsletterStateName) =>
  new Response(null, { status: 303, headers: { ...NO_STORE, Location: newsletterStatePath(state) } });

/** The page a form post lands on after a refusal. */
const refusedState = (error: CatalogueError): NewsletterStateName =>
  error.status === 400 ? 'invalid-email' : 'try-later';

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const input = await readNewsletterInput(request);
  const refuse = (error: CatalogueError, retryAfter?: number) => {
    if (input.mode === 'form') return seeOther(refusedState(error));
    const response = errorResponse(error);
    if (retryAfter) response.headers.set('Retry-After', String(retryAfter));
    return response;
  };
  if (isCrossSite(request)) return refuse(authErrors.crossSite());
  const allowed = await consume(limiter(), clientKey(request.headers));
  if (!allowed.ok) {
    const seconds = secondsLeft(allowed.res);
    return refuse(new CatalogueError(429, 'WDE9429', `too many subscribe requests; retry in ${seconds} s`), seconds);
  }
  if (!input.trapped) {
    try {
      await askToSubscribe(siteNewsletter(), input.email, input.language);
    } catch (error) {
      if (isCatalogueError(error)) return refuse(error);
      throw error;
    }
  }
  return input.mode === 'form'
    ? seeOther('check-your-inbox')
    : Response.json({ status: 'pending' }, { status: 202, headers: NO_STORE });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
