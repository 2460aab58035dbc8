import { afterAll, expect, it, vi } from 'vitest';
import { createClient } from 'redis';
import { freePort, skipWithoutRedis, startRedisServer, type RedisServer } from '../../helpers/redis-server';

// The tag bus (lib/core/cache/redis-shared.mjs) hears the other instances' invalidations on a pub/sub channel. An
// instance whose Redis was not answering when it started (a connection that timed out on a busy machine, Redis started
// after the site) must still subscribe once Redis answers: otherwise it hears nothing until the next resync of the
// tags hash, and a message published without the hash (or lost between two resyncs) never reaches it.

const withoutRedis = skipWithoutRedis('tests/core/cache/redis-shared.test.ts', it);

let server: RedisServer | undefined;
afterAll(async () => {
  await server?.stop();
});

it.skipIf(withoutRedis)(
  'subscribes once Redis answers, when it did not at start, and hears the next invalidation',
  async () => {
    const port = await freePort();
    vi.stubEnv('REDIS_URL', `redis://127.0.0.1:${port}`);
    const heard: string[][] = [];
    (globalThis as Record<symbol, unknown>)[Symbol.for('wix-blog.remote-tags')] = (tags: string[]) => heard.push(tags);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { redisShared } = await import('@/lib/core/cache/redis-shared.mjs');
    const shared = redisShared()!;
    // Nothing listens on the port yet: the first connections fail.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(shared.up).toBe(false);

    server = await startRedisServer(port);
    await expect.poll(() => shared.up, { timeout: 15_000 }).toBe(true);

    // Another instance publishes an invalidation (on the channel only: no resync of the hash can bring it).
    const other = createClient({ url: server.url });
    await other.connect();
    const message = JSON.stringify({ from: 'another-instance', tags: ['post:heard'], at: Date.now() });
    await expect
      .poll(
        async () => {
          await other.publish('wix-blog:tags', message);
          return heard.flat().includes('post:heard');
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    await other.quit();
  },
  30_000,
);
