import { describe, expect, it, vi } from 'vitest';
import { DELETE, POST } from '@/app/api/owner/session/route';
import { SESSION_COOKIE, verifySession } from '@/lib/owner/tokens';
import { resetConfig } from '@/lib/core/config';
import { withSite } from '../helpers/site';

const PASSWORD = 'route-test-password';
const SECRET = 'route-test-secret-that-is-long-enough-0123456789';
const URL = 'http://127.0.0.1:3000/api/owner/session';

let n = 0;
const client = () => `192.0.2.${++n}`;

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client(), ...headers },
    body: JSON.stringify(body),
  });
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client(), ...headers },
    body: new URLSearchParams(fields),
  });
const tokenOf = (response: Response) => /owner_session=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];

withSite({ OWNER_PASSWORD: PASSWORD, SESSION_SECRET: SECRET, SITE_URL: 'http://127.0.0.1:3000' });

describe('POST /api/owner/session limits', () => {
  it('answers 414 to a URL over 2048 characters and 413 to a form body over 4 KiB, and sets no cookie', async () => {
    const long = new Request(`${URL}?${'q'.repeat(2100)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const tooLong = await POST(long);
    expect(tooLong.status).toBe(414);
    expect(tooLong.headers.get('set-cookie')).toBeNull();
    const big = await POST(form({ password: PASSWORD, pad: 'x'.repeat(5000) }));
    expect(big.status).toBe(413);
    expect((await big.json()).error.wde).toBe('WDE0109');
  });
});

describe('POST /api/owner/session (JSON)', () => {
  it('answers 204 with a signed session cookie for the right password', async () => {
    const response = await POST(json({ password: PASSWORD }));
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(verifySession(tokenOf(response), SECRET)).toMatchObject({ sub: 'owner' });
  });

  it('answers 401 in the API error envelope for a wrong password, with no cookie', async () => {
    const response = await POST(json({ password: 'guess' }));
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({
      error: { code: 'WD_VALIDATION_ERROR', wde: 'WDE9401', message: 'wrong password' },
    });
  });

  it('answers 429 with Retry-After on the 11th attempt from one client, and 400 for a bad body', async () => {
    const headers = { 'x-forwarded-for': '198.18.0.1' };
    for (let i = 0; i < 10; i++) expect((await POST(json({ password: `x${i}` }, headers))).status).toBe(401);
    const locked = await POST(json({ password: PASSWORD }, headers));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(890);
    expect((await POST(json({ password: PASSWORD }))).status).toBe(204);
    for (const body of [{}, { password: 7 }, { password: 'x'.repeat(2000) }, ['pw']])
      expect((await POST(json(body))).status).toBe(400);
  });

  it('refuses everyone when OWNER_PASSWORD is unset, and names SESSION_SECRET when it is too short', async () => {
    vi.stubEnv('OWNER_PASSWORD', '');
    resetConfig();
    const disabled = await POST(json({ password: '' }));
    expect(disabled.status).toBe(403);
    expect((await disabled.json()).error.message).toContain('OWNER_PASSWORD');
    vi.stubEnv('OWNER_PASSWORD', PASSWORD);
    vi.stubEnv('SESSION_SECRET', 'short');
    resetConfig();
    const misconfigured = await POST(json({ password: PASSWORD }));
    expect(misconfigured.status).toBe(500);
    expect((await misconfigured.json()).error.message).toContain('SESSION_SECRET');
  });

  it('refuses a cross-site request', async () => {
    expect(
      (await POST(json({ password: PASSWORD }, { origin: 'https://evil.example', host: '127.0.0.1:3000' }))).status,
    ).toBe(403);
    expect((await POST(json({ password: PASSWORD }, { 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
    // A client-sent X-Forwarded-Host that matches the forged Origin proves nothing.
    const forgedHost = { origin: 'https://evil.example', host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example' };
    const forged = await POST(json({ password: PASSWORD }, forgedHost));
    expect(forged.status).toBe(403);
    expect(forged.headers.get('set-cookie')).toBeNull();
    const forgedForm = await POST(form({ password: PASSWORD }, forgedHost));
    expect(forgedForm.headers.get('location')).toBe('/login?notice=cross-site');
    expect(
      (await POST(json({ password: PASSWORD }, { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }))).status,
    ).toBe(204);
  });
});

describe('the login form (no JavaScript)', () => {
  it('redirects to the dashboard page it came from with the cookie', async () => {
    const response = await POST(form({ intent: 'login', password: PASSWORD, next: '/dashboard/drafts' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dashboard/drafts');
    expect(tokenOf(response)).toBeTruthy();
  });

  it('sends a wrong password back to /login with a notice, and never off-site', async () => {
    const wrong = await POST(form({ password: 'nope', next: 'https://evil.example/' }));
    expect(wrong.headers.get('location')).toBe('/login?notice=wrong-password');
    const good = await POST(form({ password: PASSWORD, next: 'https://evil.example/' }));
    expect(good.headers.get('location')).toBe('/dashboard');
  });
});

describe('logging out', () => {
  it('clears the cookie and revokes the session it carried', async () => {
    const token = tokenOf(await POST(json({ password: PASSWORD })))!;
    const cookie = `${SESSION_COOKIE}=${token}`;
    const response = await DELETE(new Request(URL, { method: 'DELETE', headers: { cookie } }));
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/^owner_session=; Max-Age=0;/);
    const { ownerState } = await import('@/lib/owner/owner');
    expect(ownerState(token).kind).toBe('anonymous');
  });

  it('the form logout redirects to /login', async () => {
    const response = await POST(form({ intent: 'logout' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login?notice=signed-out');
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });
});
