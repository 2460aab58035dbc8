import { http, HttpResponse } from 'msw';
import { strictFakeWix } from '../../helpers/fake-wix';
import { createWixSource, type WixSourceConfig } from '@/lib/blog/wix';
import { memoryTokenCache } from '@/lib/wix/tokens';
import { BASE } from '../../helpers/wix-blog';

// A fake Wix behind WIX_API_BASE_URL=http://wix.test. Every request is logged; none may leave for the
// real Wix hosts (unhandled requests are errors).

export type { Seen } from '../../helpers/fake-wix';

export const API_KEY = 'IST.test-api-key-0123456789';
export const SITE_ID = 'site-0001';

export function withFakeWix() {
  const { server, seen, to } = strictFakeWix();

  /** A source on the fake Wix, API-key auth unless told otherwise; with tokens of its own (a process's first). */
  const source = (config: Partial<WixSourceConfig> = {}) =>
    createWixSource({
      apiKey: API_KEY,
      siteId: SITE_ID,
      apiBaseUrl: BASE,
      retryBaseMs: 1,
      tokens: memoryTokenCache(),
      ...config,
    });

  return { server, seen, source, to };
}

export const json = (body: unknown, init?: ResponseInit) => HttpResponse.json(body as Record<string, unknown>, init);

export const on = {
  get: (path: string, resolver: Parameters<typeof http.get>[1]) => http.get(`${BASE}${path}`, resolver),
  post: (path: string, resolver: Parameters<typeof http.post>[1]) => http.post(`${BASE}${path}`, resolver),
};
