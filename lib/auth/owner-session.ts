import { type OwnerConfig, ownerConfig } from './config';
import { isRevoked } from './revocation';
import { type Session, verifySession } from './session';

export type OwnerState =
  | { kind: 'disabled' | 'misconfigured'; message: string }
  | { kind: 'anonymous' }
  | { kind: 'owner'; session: Session };

/** Who the session cookie says the visitor is; shared by the proxy, the owner pages and logout. */
export function ownerState(cookie: string | undefined, config: OwnerConfig = ownerConfig()): OwnerState {
  if (config.status !== 'ready') return { kind: config.status, message: config.message };
  const session = cookie ? verifySession(cookie, config.secret) : null;
  return session && !isRevoked(session.jti) ? { kind: 'owner', session } : { kind: 'anonymous' };
}
