import { isbot } from 'isbot';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { recordsClient } from '@/lib/data';
import { hitOf, optedOut } from './hit';
import { createRecorder } from './recorder';
import { createSalts } from './salts';
import { appendEvents, dayOf, pruneEvents, rollUp, type AnalyticsEvent } from './store';

export { deviceOf, hitOf, optedOut, type Device, type Hit } from './hit';
export { DIMENSIONS, dailyRows, storeSize, type Dimension, type Row } from './store';

// Analytics (issue 46), private by design: a page view is counted with its day, page, source and campaign, device
// class and language, and a visitor hash under the day's salt (salts.ts); no cookie is set, no address or agent is
// kept, `DNT` and `Sec-GPC` are honoured, crawlers, the owner, prefetches and other sites' pages count nothing. The
// public pages' beacon (components/analytics) brings the page's address and referrer to app/api/hit, a post page's to
// its view route; the recorder (recorder.ts) writes them in batches off the request's path, into analytics' own SQL
// tables (store.ts), rolled up per day for the owner's page (report.ts).

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

/** The SQL database analytics keeps its tables in: the site's own records (DATABASE_URL's server or the embedded). */
export function analyticsSql() {
  const sql = recordsClient().sql;
  if (!sql) throw new Error('analytics needs the site’s SQL records database');
  return sql;
}

const salts = () => processSingleton('analytics-salts', () => createSalts(recordsClient()));

/** The process's recorder (recorder.ts). */
export const analyticsRecorder = () =>
  processSingleton('analytics-recorder', () =>
    createRecorder({ write: (events) => appendEvents(analyticsSql(), events) }),
  );

/** A prefetch or a page prerendered before it is shown: not a view (yet). */
const prefetched = (headers: Headers) =>
  /prefetch|prerender/i.test(`${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`);

/** Counts a page view (or a read-through mark), unless the reader opted out or is not a reader; answers why not. */
export async function recordHit(input: HitInput): Promise<HitVerdict> {
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
  const at = input.now ?? new Date();
  const visitor = await salts().visitor(dayOf(at), input.client, userAgent);
  const event: AnalyticsEvent = {
    at,
    kind: input.depth ? 'read' : 'view',
    path: hit.path,
    postId: input.postId ?? '',
    referrerHost: hit.referrerHost ?? '',
    utmSource: hit.utmSource ?? '',
    utmMedium: hit.utmMedium ?? '',
    utmCampaign: hit.utmCampaign ?? '',
    device: hit.device,
    language: hit.language ?? '',
    visitor,
    depth: input.depth ?? 0,
  };
  analyticsRecorder().add(event);
  return 'counted';
}

/** Writes the views the process holds (the tests, the bench, before a report). */
export const flushAnalytics = () => analyticsRecorder().flush();

/**
 * Rolls up the closed days not rolled yet and deletes the raw events older than ANALYTICS_RAW_DAYS: run before the
 * owner's page reads (cheap when there is nothing to roll), by whichever instance serves it.
 */
export async function upkeepAnalytics(now = new Date()) {
  const sql = analyticsSql();
  const rolled = await rollUp(sql, now);
  const pruned = rolled.length ? await pruneEvents(sql, now, config().analyticsRawDays) : 0;
  return { rolled, pruned };
}
