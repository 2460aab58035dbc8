import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, deviceCookie, isSecureRequest, requestCookie, sessionCookie } from '@/lib/owner/cookies';
import { loginPath, safeNext } from '@/lib/owner/owner';

/** A Set-Cookie value's attributes, in a fixed order (their order means nothing). */
const attributes = (cookie: string) => cookie.split('; ').slice(1).sort();

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and lives 12 hours', () => {
    const now = Date.UTC(2026, 0, 1);
    const cookie = sessionCookie('tok.en', false, now);
    expect(cookie.startsWith('owner_session=tok.en; ')).toBe(true);
    expect(attributes(cookie)).toEqual(
      ['Max-Age=43200', 'Expires=Thu, 01 Jan 2026 12:00:00 GMT', 'Path=/', 'HttpOnly', 'SameSite=Lax'].sort(),
    );
  });

  it('is Secure on https', () => {
    expect(attributes(sessionCookie('t', true))).toContain('Secure');
    expect(attributes(clearedSessionCookie(true))).toContain('Secure');
  });

  it('is cleared with the same attributes and Max-Age=0', () => {
    const cleared = clearedSessionCookie(false);
    expect(cleared.startsWith('owner_session=; ')).toBe(true);
    expect(attributes(cleared)).toEqual(
      ['Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'Path=/', 'HttpOnly', 'SameSite=Lax'].sort(),
    );
  });

  it('the device cookie lives 180 days, is HttpOnly and SameSite=Lax, and is sent to the login route only', () => {
    const now = Date.UTC(2026, 0, 1);
    const cookie = deviceCookie('dev.ice', false, now);
    expect(cookie.startsWith('owner_device=dev.ice; ')).toBe(true);
    expect(attributes(cookie)).toEqual(
      [
        'Max-Age=15552000',
        'Expires=Tue, 30 Jun 2026 00:00:00 GMT',
        'Path=/api/owner/session',
        'HttpOnly',
        'SameSite=Lax',
      ].sort(),
    );
    expect(attributes(deviceCookie('d', true))).toContain('Secure');
  });

  it('knows https from the URL, a TLS-terminating proxy, or the public origin', () => {
    const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
    expect(isSecureRequest(request('https://blog.example/x'), false)).toBe(true);
    expect(isSecureRequest(request('http://10.0.0.1/x', { 'x-forwarded-proto': 'https' }), false)).toBe(true);
    expect(isSecureRequest(request('http://10.0.0.1/x'), true)).toBe(true);
    expect(isSecureRequest(request('http://127.0.0.1:3000/x'), false)).toBe(false);
  });
});

describe('login redirects', () => {
  it('only ever sends the owner back into the dashboard on this origin', () => {
    expect(safeNext('/dashboard/drafts?cursor=a')).toBe('/dashboard/drafts?cursor=a');
    for (const bad of [
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/\\evil.example',
      '/dashboardx',
      '/post/x',
      'javascript:alert(1)',
      undefined,
      7,
    ]) {
      expect(safeNext(bad)).toBe('/dashboard');
    }
  });

  it('builds /login URLs with an enumerated notice', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath('/dashboard/drafts', 'wrong-password')).toBe(
      '/login?notice=wrong-password&next=%2Fdashboard%2Fdrafts',
    );
    expect(loginPath('https://evil.example/')).toBe('/login');
  });
});

describe('requestCookie', () => {
  const request = (cookie?: string) => new Request('http://127.0.0.1/x', cookie ? { headers: { cookie } } : {});

  it('finds a cookie among others, whatever the spacing, and only by its whole name', () => {
    expect(requestCookie(request('a=1;owner_session=tok.en;  b=2'), 'owner_session')).toBe('tok.en');
    expect(requestCookie(request('xowner_session=forged; owner_session=real'), 'owner_session')).toBe('real');
    expect(requestCookie(request('owner_session_x=1'), 'owner_session')).toBeUndefined();
    expect(requestCookie(request(), 'owner_session')).toBeUndefined();
  });

  it('reads a value written by the Set-Cookie builders back unchanged', () => {
    const token = 'eyJ2IjoxfQ.abc-_XYZ';
    const written = sessionCookie(token, false).split(';')[0]!;
    expect(requestCookie(request(written), 'owner_session')).toBe(token);
  });
});
