import { unstable_rethrow } from 'next/navigation';
import { CatalogueError, TooManyRequests, errors, isCatalogueError, retryAfterOf } from '@/lib/core/errors';

// Every JSON API answer goes through here: catalogue errors keep their status and code, anything else
// is logged and answered as WDE0053 without a stack trace.

export const MAX_URL_LENGTH = 2048;

/** An answer no cache keeps. */
export const NO_STORE = { 'Cache-Control': 'no-store' };
/** An answer for one reader (their cookie, their comments): no cache keeps it, a shared one least of all. */
export const PRIVATE = { 'Cache-Control': 'private, no-store' };

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * A refusal a browser's own form post (a navigation, not a script's fetch) is answered with as a 303 to `location`: a
 * dashboard form sent after the owner's session ended goes to the login, which brings the owner back to the page.
 * Anything else gets the catalogue's error, as before.
 */
export class SeeOtherWhenNavigating extends CatalogueError {
  constructor(
    error: CatalogueError,
    readonly location: string,
  ) {
    super(error.status, error.wde, error.message);
  }
}

/** Wraps a route handler: URL length check, and every thrown error answered from the catalogue. */
export function jsonHandler<C = unknown>(handler: Handler<C>): (request: Request, context?: C) => Promise<Response> {
  return async (request, context) => {
    try {
      if (request.url.length > MAX_URL_LENGTH)
        throw errors.urlTooLong(`request URL is longer than ${MAX_URL_LENGTH} characters`);
      return await handler(request, context as C);
    } catch (error) {
      // Next signals "render this at request time" by throwing; that is not an API error.
      unstable_rethrow(error);
      if (error instanceof SeeOtherWhenNavigating && request.headers.get('sec-fetch-mode') === 'navigate')
        return seeOther(error.location);
      return errorResponse(error);
    }
  };
}

export function errorResponse(error: unknown): Response {
  const known: CatalogueError = isCatalogueError(error) ? error : errors.internal();
  if (!isCatalogueError(error)) console.error(JSON.stringify({ msg: 'unhandled API error', error: String(error) }));
  const response = Response.json(known.toJSON(), { status: known.status, headers: NO_STORE });
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== null) response.headers.set('Retry-After', String(retryAfter));
  return response;
}

export const notFound = (what: string) => errors.notFound(`${what} does not exist`);

/**
 * A 303 to `location`, setting `cookies`: how a plain form is answered (Post/Redirect/Get, so the page works without
 * JavaScript). Never stored; `caching` PRIVATE where it is one reader's answer.
 */
export function seeOther(location: string, cookies: readonly string[] = [], caching = NO_STORE): Response {
  const headers = new Headers({ ...caching, Location: location });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** The catalogue's 429 (WDE9429) with its `Retry-After`: a client over one of the site's limits. */
export const tooManyRequests = (message: string, seconds: number): Response =>
  errorResponse(new TooManyRequests(message, seconds));

/** The methods a route handler module can export and `otherMethods` can answer for it. */
export type RouteMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Answered = RouteMethod | 'OPTIONS';
type RouteHandler = (request: Request, context?: unknown) => Promise<Response>;

const ROUTE_METHODS: readonly RouteMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Handlers for every method a route does not implement: a JSON 405 (WDE9405, the site's own code: the
 * catalogue has none for methods) with an `Allow` header, and OPTIONS answered 204 with the same header.
 * Without them Next answers 405 with an empty body and no `Allow`; and its automatic OPTIONS would list
 * these 405 handlers as allowed, hence our own. HEAD is left to Next where GET exists (it runs GET).
 *
 *   export const GET = jsonHandler(...);
 *   export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
 *
 * The type names exactly the methods missing from `allowed` (plus OPTIONS), so destructuring one the
 * route implements does not compile.
 */
export function otherMethods<const A extends readonly Exclude<RouteMethod, 'HEAD'>[]>(
  allowed: A,
): Record<Exclude<Answered, A[number] | ('GET' extends A[number] ? 'HEAD' : never)>, RouteHandler> {
  const served = new Set<Answered>([...allowed, 'OPTIONS']);
  if (served.has('GET')) served.add('HEAD');
  const allow = [...served].sort().join(', ');
  const uses = allowed.join(' or ');
  const handlers: Partial<Record<Answered, RouteHandler>> = {
    OPTIONS: async () => new Response(null, { status: 204, headers: { Allow: allow, ...NO_STORE } }),
  };
  for (const method of ROUTE_METHODS.filter((m) => !served.has(m))) {
    handlers[method] = jsonHandler(async (request) => {
      const { pathname } = new URL(request.url);
      const response = errorResponse(
        new CatalogueError(405, 'WDE9405', `${method} is not allowed on ${pathname}; use ${uses}`),
      );
      response.headers.set('Allow', allow);
      return response;
    });
  }
  return handlers as Record<Exclude<Answered, A[number] | ('GET' extends A[number] ? 'HEAD' : never)>, RouteHandler>;
}
