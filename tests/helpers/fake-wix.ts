import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

// A strict fake Wix for a test file (msw): every request is logged in `seen`; an unhandled one is an error, and none
// may reach the real *.wixapis.com hosts. The handlers given stay through each test's reset.

export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A JSON body as its value; any other (a login page's form) as its text. */
function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function strictFakeWix(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  const seen: Seen[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    // The SDK's GET form of a request it cannot spell as parameters carries its body in `.r` (base64url JSON; Wix's
    // gateway reads it as the body): seen as that body.
    const r = request.method === 'GET' ? url.searchParams.get('.r') : null;
    seen.push({
      method: request.method,
      url,
      headers: request.headers,
      body: r !== null ? bodyOf(Buffer.from(r, 'base64url').toString('utf8')) : text ? bodyOf(text) : undefined,
    });
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    expect(seen.filter((r) => r.url.hostname.endsWith('wixapis.com'))).toEqual([]);
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());

  /** The requests to one path (e.g. '/v3/posts/query'). */
  const to = (path: string) => seen.filter((r) => r.url.pathname === path);
  return { server, seen, to };
}
