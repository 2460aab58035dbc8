import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createWixSource, type WixSourceConfig } from '@/lib/blog/sources/wix';
import { BASE } from './fixtures';

// A fake Wix behind WIX_API_BASE_URL=http://wix.test. Every request is logged; none may leave for the
// real Wix hosts (unhandled requests are errors).

export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export const API_KEY = 'IST.test-api-key-0123456789';
export const SITE_ID = 'site-0001';

export function withFakeWix() {
  const server = setupServer();
  const seen: Seen[] = [];
  server.events.on('request:start', async ({ request }) => {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    });
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    expect(seen.filter((r) => r.url.hostname.endsWith('wixapis.com'))).toEqual([]);
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());

  /** A source on the fake Wix, API-key auth unless told otherwise. */
  const source = (config: Partial<WixSourceConfig> = {}) =>
    createWixSource({ apiKey: API_KEY, siteId: SITE_ID, apiBaseUrl: BASE, retryBaseMs: 1, ...config });

  /** The requests to one path (e.g. '/v3/posts/query'). */
  const to = (path: string) => seen.filter((r) => r.url.pathname === path);

  return { server, seen, source, to };
}

export const json = (body: unknown, init?: ResponseInit) => HttpResponse.json(body as Record<string, unknown>, init);

export const on = {
  get: (path: string, resolver: Parameters<typeof http.get>[1]) => http.get(`${BASE}${path}`, resolver),
  post: (path: string, resolver: Parameters<typeof http.post>[1]) => http.post(`${BASE}${path}`, resolver),
};
