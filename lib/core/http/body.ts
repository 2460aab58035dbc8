// Request bodies read with a bound: a client cannot make the server buffer more than it allows.

/** Whether the request is an HTML form's post (urlencoded), as opposed to JSON. */
export const isFormPost = (request: Request) =>
  (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/** The body as text, refused with `tooLarge()` as soon as it passes `maxBytes`, whatever Content-Length claims. */
export async function readBodyText(request: Request, maxBytes: number, tooLarge: () => Error): Promise<string> {
  return (await readBodyBytes(request, maxBytes, tooLarge)).toString('utf8');
}

/** The body's bytes, bounded as `readBodyText` bounds them (an upload). */
export async function readBodyBytes(request: Request, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks);
}
