import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { recordsClient } from '@/lib/data';
import { analyticsInbox } from './inbox';
import { createRecorder } from './recorder';
import { createSalts } from './salts';
import { appendEvents, dayOf, pruneEvents, rollUp, type AnalyticsEvent } from './store';

// Analytics' server side, over the site's records database: the drainer that takes counted views from the inbox
// (inbox.ts) to the recorder (recorder.ts), the SQL database the store writes to, and the upkeep (roll-up, pruning)
// the owner's pages run before they read. Loaded by the server (instrumentation.ts `startAnalytics`) and the owner's
// reads, never by the proxy.

/** The SQL database analytics keeps its tables in: the site's own records (DATABASE_URL's server or the embedded). */
export function analyticsSql() {
  const sql = recordsClient().sql;
  if (!sql) throw new Error('analytics needs the site’s SQL records database');
  return sql;
}

const salts = () => processSingleton('analytics-salts', () => createSalts(recordsClient()));

/** The process's recorder. */
export const analyticsRecorder = () =>
  processSingleton('analytics-recorder', () =>
    createRecorder({ write: (events) => appendEvents(analyticsSql(), events) }),
  );

/** Takes every view waiting in the inbox to the recorder, each reader hashed under its day's salt. */
async function drain() {
  const inbox = analyticsInbox();
  while (inbox.pending.length) {
    const batch = inbox.pending.splice(0);
    const recorder = analyticsRecorder();
    for (const { at, hit, client, userAgent, postId, depth } of batch) {
      const when = new Date(at);
      const event: AnalyticsEvent = {
        at: when,
        kind: depth ? 'read' : 'view',
        path: hit.path,
        postId,
        referrerHost: hit.referrerHost ?? '',
        utmSource: hit.utmSource ?? '',
        utmMedium: hit.utmMedium ?? '',
        utmCampaign: hit.utmCampaign ?? '',
        device: hit.device,
        language: hit.language ?? '',
        visitor: await salts().visitor(dayOf(when), client, userAgent),
        depth,
      };
      recorder.add(event);
    }
  }
}

/** The drainer, once per process: woken by each delivery, it drains on the next turn of the event loop. */
function drainer() {
  return processSingleton('analytics-drainer', () => {
    let running: Promise<void> | null = null;
    const run = () =>
      (running ??= drain()
        .catch((error: unknown) =>
          console.warn(JSON.stringify({ msg: 'analytics: views not taken', error: String(error) })),
        )
        .finally(() => {
          running = null;
          // A view delivered as the drain ended: its wake-up call found the drain still running.
          if (analyticsInbox().pending.length) analyticsInbox().wake?.();
        }));
    let woken = false;
    analyticsInbox().wake = () => {
      if (woken) return;
      woken = true;
      setImmediate(() => {
        woken = false;
        void run();
      });
    };
    return { run };
  });
}

/** Starts the drainer (instrumentation.ts), taking what waited for it. */
export function startAnalytics() {
  void drainer().run();
}

/** Writes every view the process holds: the inbox's and the recorder's (the tests, the bench). */
export async function flushAnalytics() {
  await drainer().run();
  await analyticsRecorder().flush();
}

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
