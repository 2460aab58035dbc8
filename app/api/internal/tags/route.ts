import { errors } from '@/lib/core/errors';
import { readBodyText } from '@/lib/core/http/body';
import { clearTags, isInternalKey } from '@/lib/core/cache/clear';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';

// POST { tags }: the server's request to itself that clears the tags of work done outside a request (a scheduled
// post published by its job): the event bus's cache subscriber sends it (lib/core/cache/clear.ts), since Next clears
// tags only inside a request. Only with this process's own key (`x-internal-key`,
// random at start, sent on loopback): anyone else gets the catalogue's 404, as for a path that does not exist.

const MAX_BODY = 16 * 1024;

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  if (!isInternalKey(request.headers.get('x-internal-key'))) throw errors.notFound('no such resource');
  const body = await readBodyText(request, MAX_BODY, () => errors.payloadTooLarge(`larger than ${MAX_BODY} bytes`));
  let tags: unknown;
  try {
    tags = (JSON.parse(body) as { tags?: unknown } | null)?.tags;
  } catch {
    throw errors.badValue('the body must be JSON: { "tags": ["…"] }');
  }
  if (!Array.isArray(tags) || tags.length > 200 || !tags.every((t) => typeof t === 'string' && t.length <= 256)) {
    throw errors.badValue('tags must be a list of at most 200 tags');
  }
  clearTags(tags as string[]);
  return Response.json({ cleared: tags.length }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
