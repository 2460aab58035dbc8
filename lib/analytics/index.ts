import { isbot } from 'isbot';
import { config } from '@/lib/core/config';
import { hitOf, optedOut } from './hit';
import { deliver } from './inbox';

export { deviceOf, hitOf, optedOut, type Device, type Hit } from './hit';
export { DIMENSIONS, type Dimension, type Row } from './store';

// Analytics (issue 46), private by design: a page view is counted with its day, page, source and campaign, device
// class and language, and a visitor hash under the day's salt (salts.ts); no cookie is set, no address or agent is
// kept, `DNT` and `Sec-GPC` are honoured, crawlers, the owner, prefetches and other sites' pages count nothing. The
// public pages' beacon (components/analytics) is answered by the proxy (lib/edge/api/beacon.ts), a post page's by its
// view route; either hands the view to the process's inbox (inbox.ts) and answers at once. The server side
// (server.ts) hashes and records them in batches into analytics' own SQL tables (store.ts), rolled up per day for the
// owner's pages (reads.ts). This file stays light: the proxy imports it, and none of the database with it.

export type HitVerdict = 'counted' | 'opted-out' | 'crawler' | 'owner' | 'prefetch' | 'cross-site' | 'not-this-site';

export interface HitInput {
  /** The page's own address (with its query) and the page it came from, as the page's script read them. */
  url: string;
  referrer: string | null;
  headers: Headers;
  /** The client's key (its address: lib/core/security/limits `clientKey`): hashed, never kept. */
  client: string;
  owner: boolean;
  crossSite: boolean;
  postId?: string;
  /** A read-through mark (25, 50, 75, 100) rather than a view. */
  depth?: number;
  now?: Date;
}

/** A prefetch or a page prerendered before it is shown: not a view (yet). */
const prefetched = (headers: Headers) =>
  /prefetch|prerender/i.test(`${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`);

/** Counts a page view (or a read-through mark), unless the reader opted out or is not a reader; answers why not. */
export function recordHit(input: HitInput): HitVerdict {
  if (input.crossSite) return 'cross-site';
  if (optedOut(input.headers)) return 'opted-out';
  if (prefetched(input.headers)) return 'prefetch';
  const userAgent = input.headers.get('user-agent') ?? '';
  if (!userAgent.trim() || isbot(userAgent)) return 'crawler';
  if (input.owner) return 'owner';
  const hit = hitOf({
    url: input.url,
    referrer: input.referrer,
    userAgent,
    acceptLanguage: input.headers.get('accept-language'),
    siteHost: new URL(config().siteUrl).host,
  });
  if (!hit) return 'not-this-site';
  deliver({
    at: (input.now ?? new Date()).getTime(),
    hit,
    client: input.client,
    userAgent,
    postId: input.postId ?? '',
    depth: input.depth ?? 0,
  });
  return 'counted';
}

/** Starts the server's side of analytics (instrumentation.ts): views delivered are recorded from then on. */
export async function startAnalytics() {
  (await import('./server')).startAnalytics();
}

/** Writes every view this process holds (the tests, the bench). */
export async function flushAnalytics() {
  await (await import('./server')).flushAnalytics();
}
