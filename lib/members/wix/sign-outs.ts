import { processSingleton } from '@/lib/core/process-singleton';

/**
 * "Sign out everywhere" for stateless sessions: the second each member last did it; any session of theirs signed at
 * or before it is anonymous. Per process, as the revocations (tokens.ts): with several instances it moves to the same
 * shared store (issue 16).
 */
export interface SignOuts {
  signOut(memberId: string, at: number, until: number): void | Promise<void>;
  lastSignOut(memberId: string): number | undefined | Promise<number | undefined>;
}

const MAX_SIGN_OUTS = 100_000;

export function memorySignOuts(): SignOuts {
  const map = new Map<string, { at: number; until: number }>();
  return {
    signOut(memberId, at, until) {
      for (const [id, entry] of map) if (entry.until <= at) map.delete(id);
      map.delete(memberId);
      map.set(memberId, { at, until });
      while (map.size > MAX_SIGN_OUTS) map.delete(map.keys().next().value!);
    },
    lastSignOut: (memberId) => map.get(memberId)?.at,
  };
}

export const siteSignOuts = () => processSingleton('member-wix-sign-outs', memorySignOuts);
