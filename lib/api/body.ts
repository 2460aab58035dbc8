import { BlogError, errors } from '@/lib/blog/errors';

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON object body of at most 64 KiB (WDE0109), counting bytes as they arrive. */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const tooLarge = () => errors.payloadTooLarge(`request body is larger than ${maxBytes / 1024} KiB`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BlogError(400, 'WDE0004', 'request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BlogError(400, 'WDE0004', 'request body must be a JSON object');
  return parsed as Record<string, unknown>;
}
