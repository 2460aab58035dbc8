import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { type OwnerState, ownerState } from './owner-session';
import { loginPath } from './redirects';
import { SESSION_COOKIE } from './session';

/**
 * The session check of every owner page, made again after proxy.ts's: pages must not rely on a matcher.
 * Anonymous visitors are sent to /login; with login disabled or misconfigured the page shows why.
 */
export async function currentOwner(returnTo: string): Promise<Exclude<OwnerState, { kind: 'anonymous' }>> {
  await connection();
  const state = ownerState((await cookies()).get(SESSION_COOKIE)?.value);
  if (state.kind === 'anonymous') redirect(loginPath(returnTo));
  return state;
}
