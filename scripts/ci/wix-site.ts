import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SITE_COLLECTIONS } from '@/lib/data/tools';
import { runWix } from '@/scripts/blog/wix';
import { startTestSmtp } from '@/scripts/mail/test-smtp';
import { startWixStandIn, type StandIn } from '@/scripts/wix/stand-in';
import { Failure as BrowserFailure, browserSuite, members, paidPost, plans } from './wix-site-browser';

// The Wix mode, built and served as a site owner would have it (`.ci/run` runs this after the tests): `next build` and
// `next start` on the Wix source (BLOG_SOURCE=wix, an API key) against the stand-in (scripts/wix/stand-in.ts) as a
// bare Wix site: a Blog with the demo's posts, and none of the site's collections in its CMS. The build must pass;
// every public page answers 200, prerendered; the start logs each missing collection once; the features they serve
// are off (no sign-up form, no "Save for later") and the dashboard lists them. Then `npm run blog -- wix setup`
// creates the collections, the owner presses "Check again", and everything is on; a series the owner writes through
// the data API (its posts saved and read as Wix references: scripts/wix/stand-in-data.ts) shows on its posts' pages.
// Members are at Wix too (an OAuth app): in a browser (wix-site-browser.ts), a plan holder signs in at Wix's hosted
// login page and reads a paid post whole, and a reply to a watched thread is mailed through SMTP on loopback.
// Exits 1 with the reason on failure.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = '.next-wix-site';
const OWNER_PASSWORD = 'wix-site-owner-password';
const started = Date.now();

const say = (line: string) => console.log(`wix-site: ${line}`);
class Failure extends Error {}
const fail = (why: string): never => {
  throw new Failure(why);
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function run(command: string, args: string[], env: NodeJS.ProcessEnv, log: string[]): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => log.push(...text.split('\n').filter(Boolean)));
  }
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code ?? 1));
  });

/** The demo's published posts, newest first, and a category and tag one of them is in. */
function demoContent() {
  const dir = path.join(ROOT, 'content');
  const posts = readdirSync(path.join(dir, 'posts'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(dir, 'posts', name), 'utf8')))
    .filter((p) => p.status === 'PUBLISHED' && Date.parse(p.firstPublishedDate) <= Date.now())
    .sort((a, b) => Date.parse(b.firstPublishedDate) - Date.parse(a.firstPublishedDate));
  const categories = JSON.parse(readFileSync(path.join(dir, 'categories.json'), 'utf8'));
  const tags = JSON.parse(readFileSync(path.join(dir, 'tags.json'), 'utf8'));
  const post =
    posts.find((p) => p.categoryIds?.length && p.tagIds?.length) ?? fail('no post with a category and a tag');
  return {
    post,
    other:
      posts.find((p) => p.id !== post.id && (p.language ?? 'en') === (post.language ?? 'en')) ??
      fail('no second post in the language of the first'),
    category: categories.find((c: { id: string }) => post.categoryIds.includes(c.id)),
    tag: tags.find((t: { id: string }) => post.tagIds.includes(t.id)),
  };
}

async function main() {
  const CLIENT_ID = 'ci-oauth-app';
  const API_KEY = 'IST.ci-not-a-real-key';
  const wix: StandIn = await startWixStandIn(path.join(ROOT, 'content'), {
    posts: [paidPost],
    plans,
    members: Object.values(members),
    clientId: CLIENT_ID,
    apiKey: API_KEY,
  });
  const smtp = await startTestSmtp();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wix-site-'));
  const log: string[] = [];
  let server: ChildProcess | undefined;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    BLOG_SOURCE: 'wix',
    WIX_API_KEY: API_KEY,
    WIX_CLIENT_ID: CLIENT_ID,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Wix site CI <blog@example.com>',
    WIX_SITE_ID: 'ci-site',
    WIX_API_BASE_URL: wix.url,
    NEXT_DIST_DIR: DIST,
    DATA_DIR: dataDir,
    SITE_URL: base,
    OWNER_PASSWORD,
    SESSION_SECRET: 'wix-site-session-secret-0123456789abcdef',
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: '1',
  };
  try {
    // 1. The build, against a bare site.
    say(`next build on the Wix source against a bare Wix site (${wix.url})`);
    const build = run('npx', ['next', 'build'], env, log);
    if ((await exited(build)) !== 0) {
      fail(`next build failed on a bare Wix site:\n${log.slice(-40).join('\n')}`);
    }
    const manifest = JSON.parse(readFileSync(path.join(ROOT, DIST, 'prerender-manifest.json'), 'utf8'));
    const { post, other, category, tag } = demoContent();
    const pages = ['/', `/post/${post.slug}`, `/categories/${category.slug}`, `/tags/${tag.slug}`];
    for (const page of pages) {
      if (!manifest.routes[page]) fail(`${page} was not prerendered (prerender-manifest.json has no such route)`);
    }
    say(`build green in ${Math.round((Date.now() - started) / 1000)} s; ${pages.join(', ')} prerendered`);

    // 2. The server.
    log.length = 0;
    server = run('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], env, log);
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) fail(`next start ended:\n${log.join('\n')}`);
      if (
        await fetch(`${base}/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 120) fail('the server did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const get = async (page: string, init?: RequestInit) => {
      const response = await fetch(`${base}${page}`, { redirect: 'manual', ...init });
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    const publicPages = [...pages, '/search?q=the', '/feed.xml', '/sitemap.xml'];
    for (const page of publicPages) {
      const answer = await get(page);
      if (answer.status !== 200) fail(`GET ${page} answered ${answer.status} on a bare Wix site`);
    }
    say(`${publicPages.length} public pages 200`);
    const postPage = await get(`/post/${post.slug}`);
    if (postPage.headers.get('x-nextjs-cache') !== 'HIT') {
      fail(
        `the post page was not served from the prerender (x-nextjs-cache: ${postPage.headers.get('x-nextjs-cache')})`,
      );
    }
    if (!postPage.text.includes(post.title.replace(/&/g, '&amp;'))) fail('the post page lacks its title');
    if (postPage.text.includes('class="subscribe"')) fail('a bare site shows the newsletter sign-up');
    if (postPage.text.includes('Save for later')) fail('a bare site shows "Save for later"');
    say('the post page is prerendered, without the sign-up form and "Save for later"');

    // 3. Said once at start, each missing collection by name.
    for (const { id } of SITE_COLLECTIONS) {
      const lines = log.filter((line) => line.includes('data collection missing') && line.includes(`"${id}"`));
      if (lines.length !== 1) fail(`the start logged ${lines.length} lines for the missing ${id}:\n${log.join('\n')}`);
    }
    say('the start logged each missing collection once');

    // 4. The dashboard lists what is off.
    const signIn = await fetch(`${base}/api/owner/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ password: OWNER_PASSWORD }),
    });
    if (signIn.status !== 204) fail(`the owner could not sign in (${signIn.status})`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const asOwner = { headers: { cookie, origin: base } };
    const dashboard = await get('/dashboard', asOwner);
    if (!dashboard.text.includes('What is off')) fail('the dashboard does not say what is off');
    for (const { id } of SITE_COLLECTIONS) {
      if (!dashboard.text.includes(`<code>${id}</code>`)) fail(`the dashboard does not list ${id}`);
    }
    say('the dashboard lists the three collections that are off');

    // 5. Setup, "Check again", everything on.
    const lines: string[] = [];
    const setup = await runWix(['setup'], { env: { ...env }, fetch, out: (line) => lines.push(line) });
    if (setup !== 0 || lines.filter((line) => line.startsWith('created ')).length !== 3) {
      fail(`wix setup did not create the three collections:\n${lines.join('\n')}`);
    }
    const check = await fetch(`${base}/api/owner/setup`, { method: 'POST', redirect: 'manual', ...asOwner });
    if (check.status !== 303) fail(`"Check again" answered ${check.status}`);
    const after = await get('/dashboard?checked=setup', asOwner);
    if (after.text.includes('What is off') || !after.text.includes('everything is on')) {
      fail('after setup and "Check again" the dashboard still lists what is off');
    }
    let on = false;
    for (let i = 0; i < 20 && !on; i++) {
      const page = await get(`/post/${post.slug}`);
      on = page.status === 200 && page.text.includes('class="subscribe"') && page.text.includes('Save for later');
      if (!on) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!on) fail('after setup and "Check again" the post page still lacks the sign-up form or "Save for later"');
    for (const page of publicPages) {
      const answer = await get(page);
      if (answer.status !== 200) fail(`GET ${page} answered ${answer.status} once the collections exist`);
    }
    say(`after wix setup and "Check again": everything on; ${publicPages.length} public pages 200`);

    // 6. A series, written by the owner through the data API: kept at Wix as references (saveReferences), read back
    // with them (includeReferences), and shown on its posts' pages.
    const title = 'A series kept at Wix';
    const written = await fetch(`${base}/api/data/v2/items`, {
      method: 'POST',
      headers: { ...asOwner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        dataCollectionId: 'series',
        dataItem: { data: { title, slug: 'kept-at-wix', posts: [post.id, other.id] } },
      }),
    });
    if (written.status !== 200) fail(`the series was not written (${written.status}: ${await written.text()})`);
    let shown = false;
    for (let i = 0; i < 20 && !shown; i++) {
      const page = await get(`/post/${other.slug}`);
      shown = page.text.includes(`aria-label="Series: ${title}"`) && page.text.includes('Part 2 of 2');
      if (!shown) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!shown) fail(`the series box is not on /post/${other.slug} (part 2 of 2 of "${title}")`);
    say(`a series written through the data API shows on its posts (/post/${other.slug}: part 2 of 2)`);

    // 7. In a browser: a paid post read by a plan holder, a reply mailed.
    await browserSuite(base, smtp, say, post.slug);
    say(`passed in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited(server);
    }
    await wix.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.join(ROOT, DIST), { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `wix-site: FAIL: ${error instanceof Failure || error instanceof BrowserFailure ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
