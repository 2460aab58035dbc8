import { webhookErrors } from './errors';

export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** The body as text, refused (413) as soon as it passes `maxBytes`, whatever Content-Length claims. */
export async function readRawBody(request: Request, maxBytes = MAX_WEBHOOK_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw webhookErrors.tooLarge(maxBytes);
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
      throw webhookErrors.tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
