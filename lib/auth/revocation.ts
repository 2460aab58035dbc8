import { processSingleton } from '../process-singleton';

// Sessions ended by logout, kept until they would have expired anyway. Per process: with several
// instances a copied cookie stays valid on the others until its expiry (see docs/security.md).

const MAX_REVOKED = 10_000;

const revoked = () => processSingleton('revoked-sessions', () => new Map<string, number>());

export function revokeSession(jti: string, exp: number, now = Math.floor(Date.now() / 1000)): void {
  const map = revoked();
  for (const [id, until] of map) if (until <= now) map.delete(id);
  map.set(jti, exp);
  while (map.size > MAX_REVOKED) map.delete(map.keys().next().value!);
}

export const isRevoked = (jti: string) => revoked().has(jti);
