// Request bodies read with a bound: a client cannot make the server buffer more than it allows.

/** Whether the request is an HTML form's post (urlencoded), as opposed to JSON. */
export const isFormPost = (request: Request) =>
  (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

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
