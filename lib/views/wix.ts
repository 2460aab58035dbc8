import { apiKeyHeaders } from '@/lib/wix/auth';
import { WIX_API } from '@/lib/wix/base-url';
import { type TokenSettings, wixTokens } from '@/lib/wix/tokens';
import { type TransportSettings, transportFor } from '@/lib/wix/transport';
import { type Limiter, consume } from '@/lib/core/security/limits';
import type { PostViews } from './types';

// Views at Wix: the Blog's View Post, "call this method when a site visitor views a published post"
// (https://dev.wix.com/docs/api-reference/business-solutions/blog/posts-stats/view-post):
//
//   viewPost   POST /v3/posts/{postId}/view   (no body) → the post's views; permission: Read Blog
//
// The installed @wix/blog (posts module) has no viewPost, so it is hand-written REST with the API key's headers or the
// site's visitor token (docs/wix-operations.md). Wix takes 100 calls a minute from one IP address, and 100 a minute
// from one address for one post; every call here comes from the server's address, so views wait in a queue drained at
// CALLS_PER_MINUTE (under both limits), one call per view. A burst larger than MAX_WAITING views is dropped, and the
// drop is logged once a minute with its count: a view is worth less than Wix's refusing the site's other calls.
// Several instances behind one address share one budget (`budget`: a limiter in Redis when REDIS_URL is set, lib/core/
// security/limits.ts): each call first takes a point of it, and an instance that finds it spent waits for the window.

/** Under Wix's 100 a minute per address (and per address and post), with room for a second instance's clock. */
export const CALLS_PER_MINUTE = 90;
/** Views waiting for their call, at most (about 55 minutes of calls). */
export const MAX_WAITING = 5000;

export interface WixViewsSettings extends TransportSettings, TokenSettings {
  /** The site's API key and id, or (without them) the OAuth app whose site visitor calls. */
  apiKey?: string;
  siteId?: string;
  clientId?: string;
  /** Test seam: the pause between two calls (default 60 s / CALLS_PER_MINUTE). */
  intervalMs?: number;
  /**
   * The budget every instance calls against: answers 0 when a call may go now, else the milliseconds until it may
   * (`viewPostBudget`). Without it, this process's pacing alone.
   */
  budget?: () => Promise<number>;
  log?: (line: string) => void;
}

export function createWixViews(settings: WixViewsSettings): PostViews & { waiting(): number; idle(): Promise<void> } {
  const writes = transportFor(settings, false);
  const reads = transportFor(settings);
  const tokens = settings.clientId
    ? wixTokens({ clientId: settings.clientId, transport: reads, cache: settings.tokens })
    : null;
  const interval = settings.intervalMs ?? Math.ceil(60_000 / CALLS_PER_MINUTE);
  const log = settings.log ?? ((line: string) => console.warn(line));
  const queue: string[] = [];
  let draining: Promise<void> | null = null;
  let dropped = 0;
  let droppedSince = 0;

  async function authorization(): Promise<Record<string, string>> {
    if (settings.apiKey && settings.siteId) return apiKeyHeaders(settings.apiKey, settings.siteId);
    const answer = await tokens!.siteVisitor();
    if (!answer.ok) throw new Error(`Wix refused a visitor token (HTTP ${answer.status})`);
    return { Authorization: answer.tokens.access.value };
  }

  async function call(postId: string) {
    const response = await writes(`${WIX_API}/v3/posts/${encodeURIComponent(postId)}/view`, {
      method: 'POST',
      headers: { ...(await authorization()), 'Content-Type': 'application/json' },
      body: '{}',
    });
    await response.body?.cancel().catch(() => {});
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  }

  /** Waits until the shared budget has a call for this process. A budget that fails lets the call go (paced). */
  async function withinBudget() {
    for (;;) {
      const wait = settings.budget ? await settings.budget().catch(() => 0) : 0;
      if (wait <= 0) return;
      // Unref'd: a process that is otherwise done (a CLI) does not stay up for a view.
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
    }
  }

  async function drain() {
    while (queue.length > 0) {
      await withinBudget();
      const postId = queue.shift()!;
      try {
        await call(postId);
      } catch (error) {
        // Not retried: the transport has (a 429 too), and a view is not worth more calls.
        log(JSON.stringify({ msg: 'views: Wix did not count a view', error: (error as Error).message }));
      }
      if (queue.length > 0) await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }

  return {
    async count(postId) {
      if (queue.length >= MAX_WAITING) {
        dropped++;
        if (Date.now() - droppedSince > 60_000) {
          log(JSON.stringify({ msg: "views: over Wix's View Post limit, dropped", views: dropped }));
          droppedSince = Date.now();
          dropped = 0;
        }
        return;
      }
      queue.push(postId);
      draining ??= drain().finally(() => {
        draining = null;
      });
    },
    waiting: () => queue.length,
    idle: async () => {
      while (draining) await draining;
    },
  };
}

/** A shared View Post budget: one point of `limiter` (CALLS_PER_MINUTE a minute) per call, for every instance. */
export const viewPostBudget =
  (limiter: Limiter): (() => Promise<number>) =>
  async () => {
    const taken = await consume(limiter, 'calls');
    return taken.ok ? 0 : Math.max(1, taken.res.msBeforeNext);
  };
