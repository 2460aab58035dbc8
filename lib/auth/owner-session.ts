import { config, type OwnerConfig } from '@/lib/config';
import { isRevoked } from './revocation';
import { type Session, verifySession } from './session';

export type OwnerState =
  | { kind: 'disabled' | 'misconfigured'; message: string }
  | { kind: 'anonymous' }
  | { kind: 'owner'; session: Session };

/** Who the session cookie says the visitor is; shared by the proxy, the owner pages and logout. */
export function ownerState(cookie: string | undefined, owner: OwnerConfig = config().owner): OwnerState {
  if (owner.status !== 'ready') return { kind: owner.status, message: owner.message };
  const session = cookie ? verifySession(cookie, owner.secret) : null;
  return session && !isRevoked(session.jti) ? { kind: 'owner', session } : { kind: 'anonymous' };
}
