import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { config, type OwnerConfig } from '@/lib/core/config';
import { isDashboardPath, localPath } from '@/lib/core/site';
import { isRevoked, type Session, verifySession, SESSION_COOKIE } from './tokens';

// Who the visitor is to the owner's pages, and where login sends them.

export type OwnerState =
  { kind: 'disabled' | 'misconfigured'; message: string } | { kind: 'anonymous' } | { kind: 'owner'; session: Session };

/** Who the session cookie says the visitor is; shared by the proxy, the owner pages and logout. */
export function ownerState(cookie: string | undefined, owner: OwnerConfig = config().owner): OwnerState {
  if (owner.status !== 'ready') return { kind: owner.status, message: owner.message };
  const session = cookie ? verifySession(cookie, owner.secret) : null;
  return session && !isRevoked(session.jti) ? { kind: 'owner', session } : { kind: 'anonymous' };
}

/** Anything that hands out request cookies by name: Next's `cookies()`, a NextRequest's `cookies`. */
interface CookieJar {
  get(name: string): { value: string } | undefined;
}

/** The session check: who the request's session cookie says the visitor is. */
export const ownerOf = (jar: CookieJar): OwnerState => ownerState(jar.get(SESSION_COOKIE)?.value);

/**
 * The session check of every owner page, made again after proxy.ts's: pages must not rely on a matcher.
 * Anonymous visitors are sent to /login; with login disabled or misconfigured the page shows why.
 */
export async function currentOwner(returnTo: string): Promise<Exclude<OwnerState, { kind: 'anonymous' }>> {
  await connection();
  const state = ownerOf(await cookies());
  if (state.kind === 'anonymous') redirect(loginPath(returnTo));
  return state;
}

// Where login sends the owner back to. Only dashboard paths on this origin: never an open redirect.

export function safeNext(next: unknown): string {
  const url = localPath(next);
  return url && isDashboardPath(url.pathname) ? `${url.pathname}${url.search}` : '/dashboard';
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
export const LOGIN_NOTICES = [
  'wrong-password',
  'rate-limited',
  'slowed',
  'disabled',
  'misconfigured',
  'cross-site',
  'signed-out',
  'session-ended',
] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];
