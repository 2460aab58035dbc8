import {
  Create,
  InProcessMessageQueue,
  type MessageQueue,
  Note,
  PUBLIC_COLLECTION,
  createExponentialBackoffPolicy,
} from '@fedify/fedify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { remoteDocuments, siteFederationForTests } from './remote';

// Deliveries to an instance that no longer answers stop after a bound and resume when it answers again (issue 49,
// lib/fediverse/reachability.ts), through the federation's own queue (Fedify's in-process queue) and Fedify's own
// retries: failing without an answer for a day, an instance's deliveries are skipped, but for one every six hours; a
// delivery it accepts, or an activity it sends, makes it reachable again. An instance that answers "gone" (410) is
// answering: never skipped for it, and that delivery is not tried again (Fedify would retry it).

vi.setConfig({ testTimeout: 30_000 });

const SITE = 'https://blog.example';
const post = makePost(5, { slug: 'reach' });
withSite(
  { SITE_URL: SITE, OWNER_PASSWORD: 'pw', SESSION_SECRET: 'fediverse-reach-secret-long-enough-0123456789' },
  { database: true, content: [post] },
);

const { followersPage, readPost, siteFollowers } = await import('@/lib/fediverse');
const { deliverPost } = await import('@/lib/fediverse/delivery');
const { instanceReachability, PROBE_EVERY_MS, UNREACHABLE_AFTER_MS } = await import('@/lib/fediverse/reachability');
const { recordsKvStore } = await import('@/lib/fediverse/kv');
const { recordsClient } = await import('@/lib/data');
const { FEDIVERSE_COLLECTIONS } = await import('@/lib/fediverse/records');

const HOUR = 60 * 60 * 1000;
// The tests' clock, years before the dashboard's (which reads the records with the real one).
let clock = Date.parse('2020-01-01T00:00:00Z');
const reachability = instanceReachability(
  recordsKvStore(() => recordsClient(...FEDIVERSE_COLLECTIONS)),
  () => new Date(clock),
);

/** Fedify's in-process queue, counting what it has still to work, so a test waits until everything was tried. */
function countedQueue(): { queue: MessageQueue; idle: () => Promise<void> } {
  const inner = new InProcessMessageQueue();
  let pending = 0;
  const queue: MessageQueue = {
    enqueue: (message, options) => (pending++, inner.enqueue(message, options)),
    listen: (handler, options) =>
      inner.listen(async (message) => {
        try {
          await handler(message);
        } finally {
          pending--;
        }
      }, options),
  };
  return { queue, idle: () => vi.waitFor(() => expect(pending).toBe(0), { timeout: 20_000, interval: 20 }) };
}

const { queue, idle } = countedQueue();
const { documentLoader } = remoteDocuments();
const federation = await siteFederationForTests(SITE, documentLoader, {
  readPost,
  queue,
  reachability,
  // Two attempts, the second at once: Fedify's retry, without its half hour.
  outboxRetryPolicy: createExponentialBackoffPolicy({ maxAttempts: 1, initialDelay: { seconds: 0 }, jitter: false }),
});
const settings = { federation, handle: 'blog', siteUrl: SITE, followers: siteFollowers(), readPost };
const stop = new AbortController();

/** Who answers what: the live instance accepts, the gone one answers 410, the dead one never answers. */
const tried: string[] = [];
let deadAnswers = false;
beforeAll(async () => {
  for (const host of ['live.example', 'dead.example', 'gone.example'])
    await siteFollowers().add({
      actorId: `https://${host}/users/a`,
      inbox: `https://${host}/users/a/inbox`,
      sharedInbox: `https://${host}/inbox`,
      handle: `@a@${host}`,
      name: host,
      followId: `https://${host}/follows/1`,
    });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const { host } = new URL(new Request(input, init).url);
    tried.push(host);
    if (host === 'dead.example' && !deadAnswers) throw new TypeError('fetch failed: connect ECONNREFUSED');
    return new Response(null, { status: host === 'gone.example' ? 410 : 202 });
  });
  void federation.startQueue(undefined, { signal: stop.signal });
});
afterEach(() => tried.splice(0));
afterAll(() => (stop.abort(), vi.unstubAllGlobals()));

/** A post's delivery at `clock`, worked to its end: the hosts tried, each attempt once. */
async function deliver() {
  tried.splice(0);
  await deliverPost(settings, post.id, 'updated');
  await idle();
  return [...tried].sort();
}

describe('an instance that does not answer', () => {
  // Fedify retries a failed delivery (twice here); the gone instance's 410 is refused for good: tried once.
  const others = ['gone.example', 'live.example'];
  const dead = (times: number) => Array<string>(times).fill('dead.example');

  it("is tried with Fedify's retries for a day, then skipped but for one delivery every six hours", async () => {
    expect(await deliver()).toEqual([...dead(2), ...others]);
    clock += 12 * HOUR;
    expect(await deliver()).toEqual([...dead(2), ...others]);
    expect((await reachability.state('dead.example'))?.failures).toBe(4);
    // "Gone" is an answer: that instance is reachable.
    expect(await reachability.state('gone.example')).toBeUndefined();

    // A day after its first failure: one try (the probe; its retry is skipped), then nothing for six hours.
    clock += UNREACHABLE_AFTER_MS - 12 * HOUR;
    expect(await deliver()).toEqual([...dead(1), ...others]);
    clock += HOUR;
    expect(await deliver()).toEqual(others);
    clock += PROBE_EVERY_MS - HOUR - 1;
    expect(await deliver()).toEqual(others);
    clock += 1;
    expect(await deliver()).toEqual([...dead(1), ...others]);
    // The owner's Followers page names it, with its first unanswered delivery.
    expect((await followersPage()).unreachable).toEqual([{ host: 'dead.example', since: '2020-01-01T00:00:00.000Z' }]);
  });

  it('gets deliveries again once it accepts one (the probe)', async () => {
    deadAnswers = true;
    clock += PROBE_EVERY_MS;
    expect(await deliver()).toEqual([...dead(1), ...others]);
    expect(await reachability.state('dead.example')).toBeUndefined();
    clock += HOUR;
    expect(await deliver()).toEqual([...dead(1), ...others]);
    deadAnswers = false;
  });

  it('gets deliveries again at once when it sends the blog a signed activity', async () => {
    // Failing for a day again: skipped.
    await deliver();
    clock += UNREACHABLE_AFTER_MS + HOUR;
    await deliver();
    clock += HOUR;
    expect(await deliver()).toEqual(others);
    // An activity from it, as Fedify queues what its inbox verified (a reply, here): it answers again.
    await queue.enqueue({
      type: 'inbox',
      id: crypto.randomUUID(),
      baseUrl: SITE,
      activity: await new Create({
        id: new URL('https://dead.example/users/a/statuses/1/activity'),
        actor: new URL('https://dead.example/users/a'),
        to: PUBLIC_COLLECTION,
        object: new Note({ id: new URL('https://dead.example/users/a/statuses/1'), content: 'Back.' }),
      }).toJsonLd({ format: 'compact' }),
      started: new Date().toISOString(),
      attempt: 0,
      identifier: null,
      traceContext: {},
    });
    await idle();
    expect(await reachability.state('dead.example')).toBeUndefined();
    clock += HOUR;
    expect(await deliver()).toEqual([...dead(2), ...others]);
  });
});
