import http from 'node:http';

// Next 16 sends a redirect a page made (permanentRedirect, redirect) with its `Location` twice on the render that
// stores it: the render sets it, and the cached copy's headers are then appended to the same Node response
// (vercel/next.js#82117; the fix, #95913, is not released). A proxy or client that joins repeated headers then
// follows `/new, /new` (Playwright's request does; so do Cloudflare and OpenNext). Until Next has the fix, the
// server appends to a response no value a single-valued header already holds: the first stands.

/** Headers that hold one value: a second, equal one appended is dropped. */
const SINGLE = new Set(['location', 'x-nextjs-stale-time']);

const marker = Symbol.for('wix-blog.single-headers');

/** `appendHeader` that leaves out a value a single-valued header already holds. */
export function appendOnce(
  append: (this: http.ServerResponse, name: string, value: string | readonly string[]) => http.ServerResponse,
) {
  return function (this: http.ServerResponse, name: string, value: string | readonly string[]) {
    if (SINGLE.has(name.toLowerCase())) {
      const held = this.getHeader(name);
      const values = (Array.isArray(held) ? held : held === undefined ? [] : [held]).map(String);
      const added = (Array.isArray(value) ? value : [value]).map(String).filter((v) => !values.includes(v));
      if (added.length === 0) return this;
      return append.call(this, name, added.length === 1 ? added[0]! : added);
    }
    return append.call(this, name, value);
  };
}

/** Installs `appendOnce` on Node's ServerResponse, once per process (instrumentation.ts, at the server's start). */
export function keepSingleHeadersSingle(): void {
  const proto = http.ServerResponse.prototype as http.ServerResponse & { [marker]?: true };
  if (proto[marker]) return;
  proto[marker] = true;
  proto.appendHeader = appendOnce(proto.appendHeader) as typeof proto.appendHeader;
}
