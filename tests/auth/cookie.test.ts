import { describe, expect, it } from 'vitest';
import { clientKey } from '@/lib/auth/client-ip';
import { clearedSessionCookie, isSecureRequest, sessionCookie } from '@/lib/auth/cookie';
import { loginPath, safeNext } from '@/lib/auth/redirects';

const attributes = (cookie: string) => cookie.split('; ').slice(1);

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and lives 12 hours', () => {
    const now = Date.UTC(2026, 0, 1);
    const cookie = sessionCookie('tok.en', false, now);
    expect(cookie.startsWith('owner_session=tok.en; ')).toBe(true);
    expect(attributes(cookie)).toEqual(['Max-Age=43200', 'Expires=Thu, 01 Jan 2026 12:00:00 GMT', 'Path=/', 'HttpOnly', 'SameSite=Lax']);
  });

  it('is Secure on https', () => {
    expect(attributes(sessionCookie('t', true))).toContain('Secure');
    expect(attributes(clearedSessionCookie(true))).toContain('Secure');
  });

  it('is cleared with the same attributes and Max-Age=0', () => {
    expect(clearedSessionCookie(false)).toBe('owner_session=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Lax');
  });

  it('knows https from the URL, a TLS-terminating proxy, or the public origin', () => {
    const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
    expect(isSecureRequest(request('https://blog.example/x'), '')).toBe(true);
    expect(isSecureRequest(request('http://10.0.0.1/x', { 'x-forwarded-proto': 'https' }), '')).toBe(true);
    expect(isSecureRequest(request('http://10.0.0.1/x'), 'https://blog.example')).toBe(true);
    expect(isSecureRequest(request('http://127.0.0.1:3000/x'), 'http://127.0.0.1:3000')).toBe(false);
  });
});

describe('client key', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  it('is the last X-Forwarded-For hop (the nearest proxy appended it), else X-Real-IP, else local', () => {
    expect(clientKey(headers({ 'x-forwarded-for': 'forged-by-client, 203.0.113.7' }))).toBe('203.0.113.7');
    expect(clientKey(headers({ 'x-forwarded-for': ' 203.0.113.7 ' }))).toBe('203.0.113.7');
    expect(clientKey(headers({ 'x-real-ip': '198.51.100.2' }))).toBe('198.51.100.2');
    expect(clientKey(headers({}))).toBe('local');
    expect(clientKey(headers({ 'x-forwarded-for': 'x'.repeat(500) })).length).toBe(100);
  });
});

describe('login redirects', () => {
  it('only ever sends the owner back into the dashboard on this origin', () => {
    expect(safeNext('/dashboard/drafts?cursor=a')).toBe('/dashboard/drafts?cursor=a');
    for (const bad of ['https://evil.example/dashboard', '//evil.example/dashboard', '/\\evil.example', '/dashboardx', '/post/x', 'javascript:alert(1)', undefined, 7]) {
      expect(safeNext(bad)).toBe('/dashboard');
    }
  });

  it('builds /login URLs with an enumerated notice', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath('/dashboard/drafts', 'wrong-password')).toBe('/login?notice=wrong-password&next=%2Fdashboard%2Fdrafts');
    expect(loginPath('https://evil.example/')).toBe('/login');
  });
});
