import { BlogError, errors } from '@/lib/blog/errors';

export const MAX_BODY_BYTES = 64 * 1024;

/** The body as text, refused with `tooLarge()` as soon as it passes `maxBytes`, whatever Content-Length claims. */
export async function readBodyText(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
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
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a JSON object body of at most 64 KiB (WDE0109). */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const text = await readBodyText(request, maxBytes, () => errors.payloadTooLarge(`request body is larger than ${maxBytes / 1024} KiB`));
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
