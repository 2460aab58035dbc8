import { cpSync, readFileSync, rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { writeFileAtomic } from '../../lib/core/files/atomic';
import { ContentFolder } from '../../scripts/blog/content-folder';
import { type ProbePost, probePost, restorePost, sendPostUpdated } from '../../scripts/blog/probe';
import { type RedisServer, redisServerMissing, skipWithoutRedis, startRedisServer } from '../helpers/redis-server';
import { type SiteProcess, startSite } from './support/site-process';

// Next keys a cached route handler's answer by path, not method: a POST (or PUT, OPTIONS...) that finds the feed stale
// after an edit ran the route as that method, and its 405 was stored as the feed, for every later GET and across
// restarts (issue 42). Every path whose answer Next caches, sent every method after an edit, still answers GET with
// itself; with two instances sharing Redis, neither serves the other a stored refusal.

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;

interface Cached {
  path: string;
  type: string;
  body: string;
}

/**
 * The route handlers the build cached (the prerender manifest's), the child sitemaps the index names, and pages of
 * each kind (Next caches them by path too).
 */
async function cachedRoutes(base: string, pages: readonly string[] = []): Promise<Cached[]> {
  const manifest = JSON.parse(readFileSync('.next-e2e/prerender-manifest.json', 'utf8')) as {
    routes: Record<string, { routeType?: string; initialStatus?: number }>;
  };
  const paths = Object.entries(manifest.routes)
    .filter(([, route]) => route.routeType === 'route' && (route.initialStatus ?? 200) === 200)
    .map(([path]) => path);
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(loc!).pathname);
  paths.push('/es/sitemap.xml', ...pages);
  const routes: Cached[] = [];
  for (const path of [...new Set(paths)]) {
    const answer = await fetch(`${base}${path}`);
    expect(answer.status, path).toBe(200);
    // Only what Next caches says so (a HIT or MISS); the rest renders per request and stores nothing.
    if (!answer.headers.get('x-nextjs-cache')) continue;
    routes.push({ path, type: answer.headers.get('content-type') ?? '', body: await answer.text() });
  }
  return routes;
}

async function sendEveryMethod(base: string, routes: readonly Cached[], log: () => string = () => '') {
  for (const { path } of routes) {
    for (const method of METHODS) {
      const answer = await fetch(`${base}${path}`, {
        method,
        headers: method === 'HEAD' || method === 'OPTIONS' ? {} : { 'content-type': 'text/plain' },
        body: method === 'HEAD' || method === 'OPTIONS' ? undefined : 'x',
        // Next once left an OPTIONS on a stale route hanging (its 204 sent from a cached body): a hang is a failure.
        signal: AbortSignal.timeout(30_000),
      }).catch((error: unknown) => {
        throw new Error(`${method} ${path}: ${String(error)}\n${log()}`);
      });
      expect(answer.status, `${method} ${path}\n${log()}`).toBeLessThan(500);
      await answer.arrayBuffer();
    }
  }
}

async function expectServed(base: string, routes: readonly Cached[], label: string) {
  for (const route of routes) {
    const answer = await fetch(`${base}${route.path}`);
    expect(answer.status, `GET ${route.path} on ${label}`).toBe(200);
    expect(answer.headers.get('content-type'), route.path).toBe(route.type);
    const body = await answer.text();
    // The feed and sitemaps hold the edit's date or title, the rest are the same bytes.
    expect(body.length, `GET ${route.path} on ${label}`).toBeGreaterThan(route.body.length / 2);
  }
}

/** Edits the probe post's title and tells the site: every content route is stale after it. */
async function edit(folder: ContentFolder, probe: ProbePost, url: string) {
  const post = { ...probe.post, title: `Route cache ${Date.now()}` };
  await writeFileAtomic(probe.file, `${JSON.stringify(post, null, 2)}\n`);
  expect((await sendPostUpdated(folder, url, post)).status).toBe(200);
  return post.title;
}

test('every method sent to every cached route handler after an edit leaves each answering GET with itself', async ({
  baseURL,
}) => {
  test.setTimeout(90_000);
  const folder = new ContentFolder('.e2e/content');
  const probe = await probePost(folder);
  const routes = await cachedRoutes(baseURL!, ['/', '/es', '/page/2', `/post/${probe.post.slug}`]);
  // The feeds, the sitemap index, robots.txt and pages at least.
  expect(routes.map((r) => r.path)).toEqual(
    expect.arrayContaining(['/feed.xml', '/es/feed.xml', '/sitemap.xml', '/robots.txt', '/', '/es']),
  );
  try {
    const title = await edit(folder, probe, baseURL!);
    await sendEveryMethod(baseURL!, routes);
    await expectServed(baseURL!, routes, 'the site');
    expect(await (await fetch(`${baseURL}/feed.xml`)).text()).toContain(title);
  } finally {
    await restorePost(folder, baseURL!, probe);
  }
});

test.describe('two instances sharing Redis', () => {
  const withoutRedis = skipWithoutRedis('the two-instance test of tests/e2e/route-cache.spec.ts', test);
  test.skip(withoutRedis, redisServerMissing ?? '');
  const CONTENT = '.e2e/route-cache-content';
  let redis: RedisServer;
  let sites: SiteProcess[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(CONTENT, { recursive: true, force: true });
    cpSync('.e2e/content', CONTENT, { recursive: true });
    redis = await startRedisServer();
    sites = await Promise.all(
      ['a', 'b'].map((name) => {
        rmSync(`.e2e/route-cache-${name}`, { recursive: true, force: true });
        return startSite({
          BLOG_CONTENT_DIR: CONTENT,
          DATA_DIR: `.e2e/route-cache-${name}`,
          REDIS_URL: redis.url,
          SESSION_SECRET: 'route-cache-session-secret-that-is-long-enough-0123',
        });
      }),
    );
  });

  test.afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    await redis?.stop();
    for (const dir of [CONTENT, '.e2e/route-cache-a', '.e2e/route-cache-b'])
      rmSync(dir, { recursive: true, force: true });
  });

  test('a refusal on A is stored for neither A nor B', async () => {
    test.setTimeout(90_000);
    const [a, b] = sites as [SiteProcess, SiteProcess];
    const folder = new ContentFolder(CONTENT);
    const routes = await cachedRoutes(a.url);
    await cachedRoutes(b.url);
    const probe = await probePost(folder);
    try {
      await edit(folder, probe, a.url);
      await sendEveryMethod(a.url, routes, () => a.log.join('').slice(-4000));
      await expectServed(b.url, routes, 'B');
      await expectServed(a.url, routes, 'A');
    } finally {
      if (a.process.exitCode !== null || a.process.signalCode !== null)
        console.log(`A ended:\n${a.log.join('').slice(-4000)}`);
      await restorePost(folder, a.url, probe);
    }
  });
});
