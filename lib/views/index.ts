import path from 'node:path';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { siteKey } from '@/lib/core/security/site-key';
import { recordsClient } from '@/lib/data';
import { serve } from '@/lib/platform';
import { createViewGate, type ViewBeacon, type ViewVerdict } from './gate';
import { createLocalViews, mostKeptViews, storedViewCounts } from './local';
import type { PostViews } from './types';
import { createLimiter } from '@/lib/core/security/limits';
import { CALLS_PER_MINUTE, createWixViews, viewPostBudget } from './wix';

export { postViews } from './collection';
export { REPEAT_WINDOW_SECONDS, VIEWS_PER_CLIENT, type ViewBeacon, type ViewVerdict } from './gate';
export * from './types';

// Post views, counted where the blog's platform counts them (lib/platform's `blog`): Wix's View Post for a Wix blog,
// the site's records for the local one. The post page's beacon (components/post/view-beacon.tsx) posts to
// app/api/posts/[id]/view, which asks the gate, then counts.

const localViews = (): PostViews => processSingleton('views-local', () => createLocalViews(recordsClient()));

const wixViews = (): PostViews =>
  processSingleton('views-wix', () => {
    const { wix } = config();
    return createWixViews({
      apiKey: wix.apiKey,
      siteId: wix.siteId,
      clientId: wix.clientId,
      apiBaseUrl: wix.apiBaseUrl,
      // Wix counts View Post calls per address: the instances behind one share the minute's calls (Redis), each
      // keeping its own pace too.
      budget: viewPostBudget(
        createLimiter({ keyPrefix: 'wix-view-post', points: CALLS_PER_MINUTE, durationSeconds: 60 }),
      ),
    });
  });

const siteViews = (): PostViews => serve('blog', { local: localViews, wix: wixViews });

const gate = () =>
  processSingleton('views-gate', () =>
    createViewGate(siteKey('views', config().sessionSecret, path.resolve(/*turbopackIgnore: true*/ config().dataDir))),
  );

/** A reader's view of a published post, if the gate counts it: told to the platform. Answers the gate's verdict. */
export async function countView(beacon: ViewBeacon): Promise<ViewVerdict> {
  const verdict = await gate().judge(beacon);
  if (verdict === 'counted') await siteViews().count(beacon.postId);
  return verdict;
}

/**
 * The views the site has counted for each of `postIds`, beyond the platform's `metrics.views`: one grouped count on
 * the local platform, none at Wix (its count is the platform's, View Post having told it).
 */
export const keptViewCounts = (postIds: string[]): Promise<Map<string, number>> =>
  serve('blog', { wix: async () => new Map(), local: () => storedViewCounts(recordsClient(), postIds) });

/** The posts with the most views the site has counted itself (local platform; none at Wix), most first. */
export const keptViewLeaders = (limit: number): Promise<Array<{ postId: string; views: number }>> =>
  serve('blog', { wix: async () => [], local: () => mostKeptViews(recordsClient(), limit) });
