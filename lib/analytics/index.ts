import { isbot } from 'isbot';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { recordsClient } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import { pageHits } from './collection';
import { hitOf, optedOut } from './hit';
import { createSalts, dayOf } from './salts';

export { pageHits } from './collection';
export { deviceOf, hitOf, optedOut, type Device, type Hit } from './hit';

// Analytics (issue 46), private by design: a page view is counted with its day, page, source and campaign, device
// class and language, and a visitor hash under the day's salt (salts.ts); no cookie is set, no address or agent is
// kept, `DNT` and `Sec-GPC` are honoured, crawlers, the owner and other sites' pages count nothing. The post page's
// view beacon brings the page's address and referrer (app/api/posts/[postId]/view).

export type HitVerdict = 'counted' | 'opted-out' | 'crawler' | 'owner' | 'cross-site' | 'not-this-site';

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
  now?: Date;
}

const salts = () => processSingleton('analytics-salts', () => createSalts(recordsClient(pageHits)));

/** Counts a page view, unless the reader opted out or is not a reader; answers what was done. */
export async function recordHit(input: HitInput): Promise<HitVerdict> {
  if (input.crossSite) return 'cross-site';
  if (optedOut(input.headers)) return 'opted-out';
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
  const day = dayOf(input.now ?? new Date());
  const visitor = await salts().visitor(day, input.client, userAgent);
  await recordsClient(pageHits).insert(pageHits.id, { ...hit, day, visitor, postId: input.postId ?? '' }, OWNER);
  return 'counted';
}

/** Views and visitors (distinct in a day, summed over the days) of each day in [from, to] (UTC days, inclusive). */
export async function dailyTotals(from: string, to: string) {
  const rows = await recordsClient(pageHits).aggregate(
    pageHits.id,
    { filter: { day: { $gte: from, $lte: to } }, groupBy: ['day', 'visitor'], operations: { views: { op: 'count' } } },
    OWNER,
  );
  const days = new Map<string, { views: number; visitors: number }>();
  for (const row of rows) {
    const day = days.get(String(row.day)) ?? { views: 0, visitors: 0 };
    day.views += Number(row.views);
    day.visitors += 1;
    days.set(String(row.day), day);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, totals]) => ({ day, ...totals }));
}
