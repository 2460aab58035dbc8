import { describe, expect, it } from 'vitest';
import * as route from '@/app/api/owner/session/route';

// The session route serves POST and DELETE; every other method is a JSON 405 with Allow (lib/edge/api/respond.ts).

type Handler = (request: Request, context?: unknown) => Promise<Response>;
const handlers = route as unknown as Record<string, Handler | undefined>;
const URL = 'http://127.0.0.1:3000/api/owner/session';
const ALLOW = 'DELETE, OPTIONS, POST';

describe('/api/owner/session methods', () => {
  it.each(['GET', 'HEAD', 'PUT', 'PATCH'])(
    'answers %s with a JSON 405 and Allow: DELETE, OPTIONS, POST',
    async (method) => {
      const handler = handlers[method];
      expect(handler, `exports ${method}`).toBeTypeOf('function');
      const response = await handler!(
        new Request(URL, { method, ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{"password":"x"}' }) }),
      );
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(ALLOW);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.json()).toEqual({
        error: {
          code: 'WD_VALIDATION_ERROR',
          wde: 'WDE9405',
          message: `${method} is not allowed on /api/owner/session; use POST or DELETE`,
        },
      });
    },
  );

  it('answers OPTIONS with 204 and the same Allow (no CORS headers: cross-site callers stay refused)', async () => {
    const response = await handlers.OPTIONS!(
      new Request(URL, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe(ALLOW);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
