import { processSingleton } from '@/lib/core/process-singleton';
import type { Hit } from './hit';

// Where a counted view waits for the server's recorder: one inbox per process (on globalThis, so the proxy, which
// answers the public pages' beacon before any route runs, and the routes share it). Delivering is a push and a wake-up
// call, nothing more: the beacon's answer never waits for the database. The drainer (server.ts), started with the
// server, takes what waits, hashes each reader under the day's salt and hands the events to the recorder. The
// reader's address and agent stay in memory until then (a moment), never stored.

export interface PendingHit {
  at: number;
  hit: Hit;
  client: string;
  userAgent: string;
  postId: string;
  depth: number;
}

interface Inbox {
  pending: PendingHit[];
  /** The drainer's wake-up call, once it runs. */
  wake: (() => void) | null;
}

/** At most this many views wait for a drainer (one that has not started yet): the oldest go first. */
const MAX_WAITING = 200_000;

export const analyticsInbox = () => processSingleton('analytics-inbox', (): Inbox => ({ pending: [], wake: null }));

export function deliver(hit: PendingHit) {
  const inbox = analyticsInbox();
  inbox.pending.push(hit);
  if (inbox.pending.length > MAX_WAITING) inbox.pending.shift();
  inbox.wake?.();
}
