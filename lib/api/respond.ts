import { unstable_rethrow } from 'next/navigation';
import { BlogError, errors, isBlogError } from '@/lib/blog/errors';

// Every JSON API answer goes through here: catalogue errors keep their status and code, anything else
// is logged and answered as WDE0053 without a stack trace.

export const MAX_URL_LENGTH = 2048;

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Wraps a route handler: URL length check, and every thrown error answered from the catalogue. */
export function jsonHandler<C = unknown>(handler: Handler<C>): (request: Request, context?: C) => Promise<Response> {
  return async (request, context) => {
    try {
      if (request.url.length > MAX_URL_LENGTH) throw errors.urlTooLong(`request URL is longer than ${MAX_URL_LENGTH} characters`);
      return await handler(request, context as C);
    } catch (error) {
      // Next signals "render this at request time" by throwing; that is not an API error.
      unstable_rethrow(error);
      return errorResponse(error);
    }
  };
}

export function errorResponse(error: unknown): Response {
  const known: BlogError = isBlogError(error) ? error : errors.internal();
  if (!isBlogError(error)) console.error(JSON.stringify({ msg: 'unhandled API error', error: String(error) }));
  return Response.json(known.toJSON(), { status: known.status, headers: { 'Cache-Control': 'no-store' } });
}

export const notFound = (what: string) => errors.notFound(`${what} does not exist`);
