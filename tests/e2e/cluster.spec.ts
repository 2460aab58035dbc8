import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeFileAtomic } from '../../lib/files/atomic';
import { ContentFolder } from '../../scripts/blog/content-folder';
import { type ProbePost, probePost, restorePost, sendPostUpdated } from '../../scripts/blog/probe';
import { type RedisServer, freePort, redisServerMissing, startRedisServer } from '../helpers/redis-server';

// Two production instances of the site (the browser tests' build) sharing one Redis, as behind a load balancer: a page
// rendered on A is a cache hit on B, a webhook received by A makes B serve the fresh page, a login failure counted on
// A counts on B, and Redis restarted mid-run fails no request and sharing resumes. Each instance has its own data
// folder (the embedded database is one process's); both read one copy of the content.

const CONTENT_DIR = '.e2e/cluster-content';
const SITE_URL = 'http://127.0.0.1:3100';
const SECRET = 'cluster-session-secret-that-is-long-enough-0123456789';

interface Instance {
  url: string;
  process: ChildProcess;
  log: string[];
}

async function startInstance(name: string, redisUrl: string): Promise<Instance> {
  const port = await freePort();
  const dataDir = `.e2e/cluster-${name}`;
  rmSync(dataDir, { recursive: true, force: true });
  const log: string[] = [];
  const child = spawn(
    process.execPath,
    // The server keeps idle connections longer than the client does (undici: 4 s), as behind a proxy: otherwise a
    // request sent on a connection the server is closing at that moment is reset (seen here as a failed webhook).
    [
      path.resolve('node_modules/next/dist/bin/next'),
      'start',
      '-p',
      String(port),
      '-H',
      '127.0.0.1',
      '--keepAliveTimeout',
      '65000',
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NEXT_DIST_DIR: '.next-e2e',
        SITE_URL,
        BLOG_SOURCE: 'local',
        BLOG_CONTENT_DIR: CONTENT_DIR,
        DATA_DIR: dataDir,
        OWNER_PASSWORD: 'cluster-owner-password',
        SESSION_SECRET: SECRET,
        REDIS_URL: redisUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk) => log.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/robots.txt`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200);
  return { url, process: child, log };
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance || instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill('SIGTERM');
  await exited;
}

const get = (instance: Instance, pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${instance.url}${pathname}`, { headers, redirect: 'manual' });

test.describe('two instances sharing Redis', () => {
  test.skip(redisServerMissing !== null, redisServerMissing ?? '');
  test.describe.configure({ mode: 'serial' });

  let redis: RedisServer;
  let a: Instance;
  let b: Instance;
  const folder = new ContentFolder(CONTENT_DIR);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(CONTENT_DIR, { recursive: true, force: true });
    cpSync('.e2e/content', CONTENT_DIR, { recursive: true });
    redis = await startRedisServer();
    [a, b] = await Promise.all([startInstance('a', redis.url), startInstance('b', redis.url)]);
  });

  test.afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await redis?.stop();
    rmSync(CONTENT_DIR, { recursive: true, force: true });
  });

  /** Edits a post's title in the content and posts its signed event to `to`; answers the new title. */
  async function retitle(probe: ProbePost, to: Instance, label: string) {
    const title = `${label} ${Date.now()}`;
    const post = { ...probe.post, title };
    await writeFileAtomic(probe.file, `${JSON.stringify(post, null, 2)}\n`);
    const delivery = await sendPostUpdated(folder, to.url, post);
    expect(delivery.status, `${JSON.stringify(delivery.body)}\n${to.log.join('')}`).toBe(200);
    return title;
  }

  test('a page rendered on A is a cache hit on B; a webhook to A makes B serve the fresh page', async () => {
    const probe = await probePost(folder);
    const page = `/post/${probe.post.slug}`;
    try {
      const title = await retitle(probe, a, 'Edited on A');
      // A renders the edited post (the event cleared its tags there)...
      const onA = await get(a, page);
      expect(onA.status).toBe(200);
      expect(await onA.text()).toContain(title);
      // ...and B, which heard the event through Redis, serves A's render: fresh, and without rendering it.
      const onB = await get(b, page);
      expect(onB.status).toBe(200);
      expect(await onB.text()).toContain(title);
      expect(onB.headers.get('x-nextjs-cache')).toBe('HIT');
      // B keeps it: the next request is served from B's own cache.
      expect((await get(b, page)).headers.get('x-nextjs-cache')).toBe('HIT');
    } finally {
      await restorePost(folder, a.url, probe);
    }
  });

  test('a login failure counted on A counts on B', async () => {
    const client = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const headers = { origin: SITE_URL, 'content-type': 'application/json', 'x-forwarded-for': client };
    const login = (instance: Instance) =>
      fetch(`${instance.url}/api/owner/session`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ password: 'not the password' }),
      });
    // Ten failures per client in the window, five on each instance.
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? b : a)).status).toBe(401);
    expect((await login(a)).status).toBe(429);
    expect((await login(b)).status).toBe(429);
  });

  test('Redis restarted mid-run: no request fails, and sharing resumes', async () => {
    const probe = await probePost(folder);
    const page = `/post/${probe.post.slug}`;
    const pages = ['/', page, '/categories/performance', '/tags/caching', '/page/2'];
    const failures: string[] = [];
    let stop = false;
    let requests = 0;
    let n = 0;
    const load = (async () => {
      while (!stop) {
        const instance = n % 2 ? b : a;
        const pathname = pages[n % pages.length]!;
        n += 1;
        const response = await get(instance, pathname).catch((error: unknown) => ({ status: String(error) }));
        if (response.status !== 200) failures.push(`${instance.url}${pathname}: ${response.status}`);
      }
      return n;
    })();
    try {
      await redis.stop();
      // Readers keep coming while Redis is away: ten requests across both instances and five pages.
      const before = n;
      await expect.poll(() => n - before, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
      // Down: an edit's event reaches A; A serves the edit, B goes on serving what it has.
      const during = await retitle(probe, a, 'Edited while Redis was down');
      expect(await (await get(a, page)).text()).toContain(during);
      await redis.start();
      // Back: A replays what it cleared meanwhile, so B serves the edit too.
      await expect
        .poll(async () => (await (await get(b, page)).text()).includes(during), { timeout: 15_000 })
        .toBe(true);
      // And a new edit shared the usual way: B serves A's render from Redis.
      const after = await retitle(probe, a, 'Edited after Redis came back');
      expect(await (await get(a, page)).text()).toContain(after);
      const onB = await get(b, page);
      expect(await onB.text()).toContain(after);
      expect(onB.headers.get('x-nextjs-cache')).toBe('HIT');
    } finally {
      stop = true;
      requests = await load;
      await restorePost(folder, a.url, probe);
    }
    expect(requests).toBeGreaterThanOrEqual(10);
    expect(failures).toEqual([]);
    // Each instance said once that Redis went away.
    for (const instance of [a, b]) {
      const lines = instance.log.join('').split('\n');
      expect(lines.filter((l) => l.includes('cache: redis unavailable')).length).toBe(1);
    }
  });
});
