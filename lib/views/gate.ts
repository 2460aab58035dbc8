import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { type Limiter, consume, createLimiter } from '@/lib/core/security/limits';

// Which beacons count as a view. A view is a reader's: a known crawler (isbot's list of user agents), the owner
// reading their own blog, and a page of another site posting here count nothing. No cookie: a reader is their client's
// address, kept for 30 minutes as an HMAC of it and the post under the site's key (never the address itself), and one
// address counts one view of a post in that time. The user agent is not part of the key: a client chooses it freely,
// so keying by it let one address count a view per made-up agent (issue 42). Readers sharing an address (a household,
// an office behind one NAT) count one view of a post per 30 minutes between them. A client counts at most
// VIEWS_PER_CLIENT views in 10 minutes, so no one inflates the counts by asking for post after post.

export const REPEAT_WINDOW_SECONDS = 30 * 60;
export const VIEWS_PER_CLIENT = 60;
export const CLIENT_WINDOW_SECONDS = 10 * 60;

export type ViewVerdict = 'counted' | 'cross-site' | 'crawler' | 'owner' | 'over-limit' | 'repeat';

export interface ViewBeacon {
  postId: string;
  /** The client's key (its address, lib/core/security/limits `clientKey`). */
  client: string;
  userAgent: string;
  crossSite: boolean;
  /** The owner's session came with it. */
  owner: boolean;
}

export interface ViewGate {
  judge(beacon: ViewBeacon): Promise<ViewVerdict>;
}

export function createViewGate(
  key: Buffer,
  limiters: { seen: Limiter; client: Limiter } = {
    seen: createLimiter({ keyPrefix: 'views:seen', points: 1, durationSeconds: REPEAT_WINDOW_SECONDS }),
    client: createLimiter({
      keyPrefix: 'views:client',
      points: VIEWS_PER_CLIENT,
      durationSeconds: CLIENT_WINDOW_SECONDS,
    }),
  },
): ViewGate {
  const hmac = (...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
  return {
    async judge({ postId, client, userAgent, crossSite, owner }) {
      if (crossSite) return 'cross-site';
      if (!userAgent.trim() || isbot(userAgent)) return 'crawler';
      if (owner) return 'owner';
      if (!(await consume(limiters.client, hmac('client', client))).ok) return 'over-limit';
      if (!(await consume(limiters.seen, hmac('seen', client, postId))).ok) return 'repeat';
      return 'counted';
    },
  };
}
