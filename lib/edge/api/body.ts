import { CatalogueError, errors } from '@/lib/core/errors';
import { readBodyText } from '@/lib/core/http/body';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A body declared as anything but JSON: 415 WDE9415 (the site's own code, numbered after the status: the catalogue has
 * none for media types).
 */
export const unsupportedMediaType = () =>
  new CatalogueError(415, 'WDE9415', 'request body must be JSON: send Content-Type: application/json');

/** Whether the request declares a JSON body (`application/json`, with or without parameters such as charset). */
export const declaresJson = (request: Request) =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';

/** Reads a JSON object body of at most 64 KiB (WDE0109). */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const text = await readBodyText(request, maxBytes, () =>
    errors.payloadTooLarge(`request body is larger than ${maxBytes / 1024} KiB`),
  );
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CatalogueError(400, 'WDE0004', 'request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new CatalogueError(400, 'WDE0004', 'request body must be a JSON object');
  return parsed as Record<string, unknown>;
}
