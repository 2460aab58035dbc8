// Where login sends the owner back to. Only dashboard paths on this origin: never an open redirect.

const BASE = 'http://owner.invalid';

export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 1000 || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/dashboard';
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return '/dashboard';
  }
  const inDashboard = url.pathname === '/dashboard' || url.pathname.startsWith('/dashboard/');
  return url.origin === BASE && inDashboard ? `${url.pathname}${url.search}` : '/dashboard';
}

export function loginPath(next?: string, notice?: LoginNotice): string {
  const params = new URLSearchParams();
  if (notice) params.set('notice', notice);
  const target = next === undefined ? '/dashboard' : safeNext(next);
  if (target !== '/dashboard') params.set('next', target);
  const query = params.toString();
  return `/login${query ? `?${query}` : ''}`;
}

/** What the login page tells the visitor after a form post; an enum, so no text is ever reflected. */
export const LOGIN_NOTICES = ['wrong-password', 'rate-limited', 'slowed', 'disabled', 'misconfigured', 'cross-site', 'signed-out'] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];
