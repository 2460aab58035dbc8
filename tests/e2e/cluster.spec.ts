import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { writeFileAtomic } from '../../lib/core/files/atomic';
import { readOutbox } from '../../lib/core/mail/outbox';
import { ContentFolder } from '../../scripts/blog/content-folder';
import { createPost, deletePost, schedulePost } from '../../scripts/blog/posts';
import { type ProbePost, probePost, restorePost, servedAs } from '../../scripts/blog/probe';
import { cachedRoutes, edit, expectServed, sendEveryMethod } from './support/route-cache';
import {
  type PostgresServer,
  postgresServerMissing,
  skipWithoutPostgres,
  startPostgresServer,
} from '../helpers/postgres-server';
import {
  type RedisServer,
  freePort,
  redisServerMissing,
  skipWithoutRedis,
  startRedisServer,
} from '../helpers/redis-server';

// Two production instances of the site (the browser tests' build) sharing one Redis and one Postgres, as behind a load
// balancer: a page rendered on A is a cache hit on B, a webhook received by A makes B serve the fresh page, a login
// failure counted on A counts on B, Redis restarted mid-run fails no request and sharing resumes, and a member who
// joins on A signs in on B. Both read one copy of the content and write mail to one outbox; each keeps its own data
// folder for the rest (site keys derive from SESSION_SECRET). Where Postgres cannot run, each instance has its own
// embedded database in that folder, and only the one-database test is skipped.

const CONTENT_DIR = '.e2e/cluster-content';
const SITE_URL = 'http://127.0.0.1:3100';
const SECRET = 'cluster-session-secret-that-is-long-enough-0123456789';
const OUTBOX = path.resolve('.e2e/cluster-outbox');

interface Instance {
  url: string;
  process: ChildProcess;
  log: string[];
}

/** How long the slowest start of an instance took so far (the scheduled post's test waits for a restart). */
let slowestStartMs = 0;

async function startInstance(name: string, redisUrl: string, databaseUrl?: string): Promise<Instance> {
  const started = Date.now();
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
        // Behind one proxy (the tests name clients with X-Forwarded-For), as instances behind nginx are.
        TRUST_PROXY_HOPS: '1',
        MAIL_OUTBOX: OUTBOX,
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk) => log.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/robots.txt`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200);
  slowestStartMs = Math.max(slowestStartMs, Date.now() - started);
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

// Without redis-server all of these skip, without Postgres the one-database tests; in CI, where a missing service fails
// the run, a failed test names it instead (scripts/ci/services.ts).
const withoutRedis = skipWithoutRedis('the two-instance tests of tests/e2e/cluster.spec.ts', test);
const withoutPostgres = skipWithoutPostgres('the one-database tests of tests/e2e/cluster.spec.ts', test);

test.describe('two instances sharing Redis', () => {
  test.skip(withoutRedis, redisServerMissing ?? '');
  test.describe.configure({ mode: 'serial' });

  let redis: RedisServer;
  let postgres: PostgresServer | undefined;
  let a: Instance;
  let b: Instance;
  const folder = new ContentFolder(CONTENT_DIR);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(CONTENT_DIR, { recursive: true, force: true });
    cpSync('.e2e/content', CONTENT_DIR, { recursive: true });
    rmSync(OUTBOX, { recursive: true, force: true });
    if (postgresServerMissing)
      console.warn(`cluster.spec.ts: the one-database test is skipped: ${postgresServerMissing}`);
    [redis, postgres] = await Promise.all([
      startRedisServer(),
      postgresServerMissing ? undefined : startPostgresServer(),
    ]);
    [a, b] = await Promise.all([
      startInstance('a', redis.url, postgres?.url),
      startInstance('b', redis.url, postgres?.url),
    ]);
  });

  test.afterAll(async () => {
    try {
      await Promise.all([stopInstance(a), stopInstance(b)]);
    } finally {
      await Promise.all([redis?.stop(), postgres?.dispose()]);
      rmSync(CONTENT_DIR, { recursive: true, force: true });
      rmSync(OUTBOX, { recursive: true, force: true });
    }
  });

  /**
   * Edits a post's title in the shared content folder, and waits until `on` serves it: one instance found the change
   * and published it, and the other heard its tags through Redis. Answers the new title.
   */
  async function retitle(probe: ProbePost, on: Instance, label: string) {
    const title = `${label} ${Date.now()}`;
    const post = { ...probe.post, title };
    await writeFileAtomic(probe.file, `${JSON.stringify(post, null, 2)}\n`);
    await servedAs(on.url, post);
    return title;
  }

  test('a page rendered on A is a cache hit on B; a change one instance publishes makes B serve the fresh page', async () => {
    const probe = await probePost(folder);
    const page = `/post/${probe.post.slug}`;
    try {
      const title = await retitle(probe, a, 'Edited on A');
      // A renders the edited post (the event cleared its tags there, whichever instance published it)...
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
      await restorePost(a.url, probe);
    }
  });

  test('every method sent to A after an edit is stored as the feed or sitemap for neither A nor B (issue 42)', async () => {
    test.setTimeout(90_000);
    const probe = await probePost(folder);
    const pages = ['/', '/es', `/post/${probe.post.slug}`];
    const routes = await cachedRoutes(a.url, pages);
    await cachedRoutes(b.url, pages);
    try {
      await edit(folder, probe, a.url);
      await sendEveryMethod(a.url, routes, () => a.log.join('').slice(-4000));
      await expectServed(b.url, routes, 'B');
      await expectServed(a.url, routes, 'A');
    } finally {
      await restorePost(a.url, probe);
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

  /** An address of its own (the registration, sign-in and comment limits are shared, and outlive a run in Redis). */
  const freshClient = () => {
    const n = Math.floor(Math.random() * 2 ** 16);
    return `198.18.${n >> 8}.${n & 255}`;
  };

  /** A members' form posted as a browser would: same site, urlencoded, with the cookies it holds. */
  const postForm = (
    instance: Instance,
    pathname: string,
    fields: Record<string, string>,
    client: string,
    cookie = '',
  ) =>
    fetch(`${instance.url}${pathname}`, {
      method: 'POST',
      headers: {
        origin: SITE_URL,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': client,
        ...(cookie && { cookie }),
      },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });

  /** The value of the cookie a response sets (undefined when it sets none by that name). */
  const setCookie = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith(`${name}=`))
      ?.slice(name.length + 1);
  const where = (response: Response, instance: Instance) =>
    `${response.status} ${response.headers.get('location')}\n${instance.log.join('')}`;

  /**
   * A member who joins on `joinOn` (the code mailed to the outbox both share, the pending member in the database) and
   * signs in on `signInOn`; answers their session cookie's value.
   */
  async function memberSession(joinOn: Instance, signInOn: Instance, client: string): Promise<string> {
    const address = `cluster-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'cluster member password';
    const joined = await postForm(
      joinOn,
      '/api/members/join',
      { email: address, displayName: 'Cluster Member', password },
      client,
    );
    expect(joined.headers.get('location'), where(joined, joinOn)).toBe('/verify?notice=code-sent');
    const state = setCookie(joined, 'member_state');
    expect(state).toBeTruthy();
    let code = '';
    await expect
      .poll(async () => {
        const mail = (await readOutbox(OUTBOX)).findLast((m) => m.headers.to === address)?.text ?? '';
        code = /^\s+(\d{6})$/m.exec(mail)?.[1] ?? '';
        return code;
      })
      .not.toBe('');
    const verified = await postForm(joinOn, '/api/members/verify', { code }, client, `member_state=${state}`);
    expect(verified.headers.get('location'), where(verified, joinOn)).toBe('/account');
    // Signs in on the other instance, which never saw the member: it finds them (and their password) in the database.
    const signedIn = await postForm(signInOn, '/api/members/signin', { email: address, password }, client);
    expect(signedIn.headers.get('location'), where(signedIn, signInOn)).toBe('/account');
    const session = setCookie(signedIn, 'member_session');
    expect(session).toBeTruthy();
    return session!;
  }

  /** The post id a post page's comment form posts to. */
  const postIdOf = (html: string) => /action="\/api\/posts\/([^"/]+)\/comments"/.exec(html)?.[1];

  test("one database: a member who joins on A signs in on B, and a comment written on A is on B's page", async () => {
    test.skip(withoutPostgres, postgresServerMissing ?? '');
    // (Before the Redis restart: it needs no outage, and a failure there would skip it.)
    const client = freshClient();
    const session = await memberSession(a, b, client);

    // B caches the post's page before the comment: the comment must reach it through the tag bus, not a first render.
    // Not the post the other tests edit: its page stays as they expect it.
    const page = '/post/keyboard-first-auditing-our-navigation';
    const before = await get(b, page);
    expect(before.status).toBe(200);
    const postId = postIdOf(await before.text());
    expect(postId, 'the post page has a comment form').toBeTruthy();

    // Comments on A with the session B made: A finds it in the shared database.
    const text = `Written on A, read on B ${Date.now()}`;
    const commented = await fetch(`${a.url}/api/posts/${postId}/comments`, {
      method: 'POST',
      headers: {
        origin: SITE_URL,
        'content-type': 'application/json',
        'x-forwarded-for': client,
        cookie: `member_session=${session}`,
      },
      body: JSON.stringify({ text }),
    });
    const body = (await commented.json()) as { comment?: { status: string } };
    expect(commented.status, `${JSON.stringify(body)}\n${a.log.join('')}`).toBe(201);
    expect(body.comment?.status).toBe('PUBLISHED');

    // A's event cleared the post's comments tag there and, through Redis, on B: B renders the page again, reading the
    // comment from the shared database. (The tag reaches B on its own connection a moment later: polled.)
    await expect.poll(async () => (await (await get(b, page)).text()).includes(text), { timeout: 10_000 }).toBe(true);
  });

  test('200 likes and comments at once over both instances: the counts shown are the rows stored', async () => {
    test.skip(withoutPostgres, postgresServerMissing ?? '');
    test.setTimeout(120_000);
    // A post no other test writes to. Its file's own counts are its platform's: no like or comment moves them.
    const page = '/post/a-performance-checklist-for-new-projects';
    const html = await (await get(a, page)).text();
    const postId = postIdOf(html);
    expect(postId, 'the post page has a comment form').toBeTruthy();
    const file = path.join(CONTENT_DIR, 'posts', `${postId}.json`);
    const fileMetrics = async () =>
      JSON.parse(await readFile(file, 'utf8')).metrics as { likes: number; comments: number };
    const platform = await fileMetrics();
    const session = await memberSession(b, a, freshClient());

    // 100 visitors like it and a member comments 100 times, each request from an address of its own, alternately on
    // A and B, all at once.
    const writes = Array.from({ length: 200 }, (_, i) => {
      const instance = i % 2 ? b : a;
      const headers = {
        origin: SITE_URL,
        'content-type': 'application/json',
        'x-forwarded-for': `198.19.${i >> 8}.${(i & 255) + 1}`,
      };
      return i % 4 < 2
        ? fetch(`${instance.url}/api/posts/${postId}/likes`, { method: 'POST', headers, body: '{}' })
        : fetch(`${instance.url}/api/posts/${postId}/comments`, {
            method: 'POST',
            headers: { ...headers, cookie: `member_session=${session}` },
            body: JSON.stringify({ text: `At once ${i}` }),
          });
    });
    const statuses = (await Promise.all(writes)).map((response) => response.status);
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);

    // The rows stored, counted in the shared database itself.
    const db = new pg.Client({ connectionString: postgres!.url });
    await db.connect();
    const rows = async (table: string, extra = '') =>
      (await db.query(`select count(*)::int as n from "${table}" where data->>'postId' = $1 ${extra}`, [postId]))
        .rows[0].n as number;
    const likes = await rows('data_post-likes');
    const comments = await rows('data_post-comments', `and data->>'status' = 'PUBLISHED'`);
    await db.end();
    expect([likes, comments]).toEqual([100, 100]);

    // Shown on both instances: the platform's counts plus every row, on the page and in the likes API.
    const shownLikes = platform.likes + likes;
    const shownComments = platform.comments + comments;
    for (const instance of [a, b]) {
      const state = await (await get(instance, `/api/posts/${postId}/likes`)).json();
      expect(state.total).toBe(shownLikes);
      await expect
        .poll(
          async () => {
            const text = await (await get(instance, page)).text();
            return [
              /class="likes__count"[^>]*>([\d,]+) likes?</.exec(text)?.[1],
              /id="comments-heading">([\d,]+) comments?</.exec(text)?.[1],
            ];
          },
          { timeout: 10_000 },
        )
        .toEqual([shownLikes.toLocaleString('en'), shownComments.toLocaleString('en')]);
    }
    expect(await fileMetrics()).toMatchObject(platform);
  });

  test('100 votes at once from one member over both instances count as one vote', async () => {
    test.skip(withoutPostgres, postgresServerMissing ?? '');
    test.setTimeout(120_000);
    // The demo's one-choice poll. The member sends 100 votes at once, half to A and half to B, for two different
    // options, each from an address of its own (the per-client limit is not what is tried here).
    const html = await (await get(a, '/post/every-block-our-editor-supports')).text();
    const postId = /action="\/api\/posts\/([^"/]+)\/polls\/showcase-poll"/.exec(html)?.[1];
    expect(postId, 'the post page has the poll’s form').toBeTruthy();
    const session = await memberSession(a, b, freshClient());
    const votePath = `/api/posts/${postId}/polls/showcase-poll`;
    const votes = Array.from({ length: 100 }, (_, i) =>
      fetch(`${(i % 2 ? b : a).url}${votePath}`, {
        method: 'POST',
        headers: {
          origin: SITE_URL,
          'content-type': 'application/json',
          'x-forwarded-for': `198.20.${i >> 8}.${(i & 255) + 1}`,
          cookie: `member_session=${session}`,
        },
        body: JSON.stringify({ options: [i % 4 < 2 ? 'showcase-poll-1' : 'showcase-poll-2'] }),
      }),
    );
    const statuses = (await Promise.all(votes)).map((response) => response.status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // One row in the shared database, and both instances say so.
    const db = new pg.Client({ connectionString: postgres!.url });
    await db.connect();
    const { rows } = await db.query(
      `select data->>'optionId' as option from "data_poll-votes" where data->>'pollKey' = $1`,
      [`${postId}:showcase-poll`],
    );
    await db.end();
    expect(rows).toHaveLength(1);
    for (const instance of [a, b]) {
      const reading = await (await get(instance, votePath, { cookie: `member_session=${session}` })).json();
      expect(reading).toMatchObject({ mine: [rows[0].option], closed: false, results: { total: 1 } });
    }
  });

  test('a post scheduled ahead goes live at its time on one instance, across a restart of the other', async () => {
    test.skip(withoutPostgres, postgresServerMissing ?? '');
    test.setTimeout(240_000);
    // A new draft in a category, scheduled as `npm run blog -- schedule` does: both instances see it in the folder.
    const [category] = await folder.terms('category');
    const title = `Goes live on its own ${Date.now()}`;
    const created = await createPost(
      folder,
      { title, categories: [category!.slug] },
      { draft: true, siteUrl: SITE_URL },
    );
    const post = created.post!;
    // Long enough for B's restart (twice the slowest start so far, 10-20 s in CI) and the check that it is not live
    // yet; no longer, since this lane waits it out (it was 90 s, then 50 s: CI's longest wait).
    const at = new Date(Date.now() + Math.max(20_000, 2 * slowestStartMs + 10_000)).toISOString();
    await schedulePost(folder, post.id, at);

    // B stops and starts again meanwhile: the job is in the shared database, not in a process.
    await stopInstance(b);
    b = await startInstance('b', redis.url, postgres!.url);

    const slug = post.slug;
    const live = async (instance: Instance) => {
      const [home = '', categoryPage = '', sitemap = ''] = await Promise.all(
        ['/', `/categories/${category!.slug}`, '/sitemaps/0.xml'].map(async (p) => (await get(instance, p)).text()),
      );
      return [home.includes(title), categoryPage.includes(title), sitemap.includes(`/post/${slug}<`)];
    };
    expect(Date.parse(at) - Date.now(), 'B restarted within the time before the post goes live').toBeGreaterThan(2_000);
    expect(await live(a)).toEqual([false, false, false]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(at) - Date.now())));
    // Within 60 s of its time, on both instances: the feed, its category and the sitemap.
    for (const instance of [a, b]) {
      await expect.poll(() => live(instance), { timeout: 60_000, intervals: [1000] }).toEqual([true, true, true]);
    }
    expect(Date.now() - Date.parse(at)).toBeLessThan(60_000);
    const file = JSON.parse(await readFile(folder.postFile(post.id), 'utf8'));
    expect(file).toMatchObject({ status: 'PUBLISHED', firstPublishedDate: at });
    // Published by one instance only.
    const publishedBy = [a, b].filter((instance) =>
      instance.log.join('').includes(`"postId":"${post.id}","at":"${at}","outcome":"published"`),
    );
    expect(publishedBy).toHaveLength(1);

    // Gone again, so the tests after this one see the folder as it was.
    await deletePost(folder, post.id);
    for (const instance of [a, b]) {
      await expect.poll(() => live(instance), { timeout: 30_000, intervals: [500] }).toEqual([false, false, false]);
    }
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
    // What each instance logs from here on (an earlier blip, such as a connection timing out while both instances
    // start on a busy machine, is its own outage with its own line).
    const logFrom = new Map([a, b].map((instance) => [instance, instance.log.length]));
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
      // And sharing resumes: once the cache's own connections are back too (seconds), an edit rendered on A is a hit
      // on B, fresh. Each try is a new edit.
      await expect
        .poll(
          async () => {
            const after = await retitle(probe, a, 'Edited after Redis came back');
            if (!(await (await get(a, page)).text()).includes(after)) return 'A is stale';
            const onB = await get(b, page);
            if (!(await onB.text()).includes(after)) return 'B is stale';
            return onB.headers.get('x-nextjs-cache');
          },
          { timeout: 30_000, intervals: [500] },
        )
        .toBe('HIT');
    } finally {
      stop = true;
      requests = await load;
      await restorePost(a.url, probe);
    }
    expect(requests).toBeGreaterThanOrEqual(10);
    expect(failures).toEqual([]);
    // Each instance said once that Redis went away.
    for (const instance of [a, b]) {
      const lines = instance.log.slice(logFrom.get(instance)).join('').split('\n');
      // (The lines themselves, so that a failure shows what was logged.)
      expect(lines.filter((l) => l.includes('cache: redis unavailable'))).toHaveLength(1);
    }
  });
  test('Postgres stopped: posts still read on both instances, data calls answer 503, and work when it is back', async () => {
    test.skip(withoutPostgres, postgresServerMissing ?? '');
    const probe = await probePost(folder);
    const page = `/post/${probe.post.slug}`;
    const headers = { origin: SITE_URL, 'content-type': 'application/json' };
    const subscribe = (instance: Instance) =>
      fetch(`${instance.url}/newsletter/subscribe`, {
        method: 'POST',
        headers: { ...headers, 'x-forwarded-for': `198.18.200.${Math.floor(Math.random() * 250) + 1}` },
        body: JSON.stringify({ email: `pg-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com` }),
      });
    await postgres!.stop('immediate');
    try {
      // An edit while the database is down: both instances render the post again (its series and comments, kept in
      // the database, are left out), and the feed, a category and the post answer 200.
      const title = await retitle(probe, a, 'Edited while Postgres was down');
      for (const instance of [a, b]) {
        for (const pathname of ['/', '/categories/performance', page]) {
          const response = await get(instance, pathname);
          expect(response.status, `${instance.url}${pathname}`).toBe(200);
        }
        // The edit's tags reach B through Redis a moment later (seconds, when the test before restarted Redis and A's
        // cache connections are still coming back: A replays them on its next tick): polled.
        await expect
          .poll(async () => (await (await get(instance, page)).text()).includes(title), { timeout: 10_000 })
          .toBe(true);
        const refused = await subscribe(instance);
        expect(refused.status).toBe(503);
        expect(await refused.json()).toMatchObject({ error: { wde: 'WDE0053' } });
      }
    } finally {
      await postgres!.start();
      await restorePost(a.url, probe);
    }
    // Back: no restart needed.
    await expect.poll(async () => (await subscribe(b)).status, { timeout: 15_000 }).toBeLessThan(300);
  });
});
