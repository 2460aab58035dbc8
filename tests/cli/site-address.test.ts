import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '@/lib/core/config';
import { main } from '@/scripts/blog/cli';
import { makePosts, writeContentDir } from '../helpers/posts';

// Where the CLI finds the running site, and the address it gives new posts. `next start` listens at PORT; a site
// started with PORT=4800 and no SITE_URL is asked at http://localhost:4800, and the CLI says so. A new post's address
// is the one the site gives the posts it makes itself: SITE_URL as lib/core/config reads it.

const work = mkdtempSync(path.join(tmpdir(), 'cli-site-address-'));
const contentDir = writeContentDir(makePosts(1));
afterAll(() => {
  for (const dir of [work, contentDir]) rmSync(dir, { recursive: true, force: true });
});
const csv = path.join(work, 'readers.csv');
writeFileSync(csv, 'email\nreader@example.com\n');

/** A site that takes the owner's sign-in and the import (a job it has queued), recording what it was sent. */
function playedSite() {
  const asked: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input);
    asked.push(`${init?.method ?? 'GET'} ${url}`);
    const { pathname } = new URL(url);
    if (pathname === '/api/owner/session' && init?.method === 'POST')
      return new Response(null, { status: 204, headers: { 'set-cookie': 'owner_session=s1; Path=/; HttpOnly' } });
    if (pathname === '/api/owner/session') return new Response(null, { status: 204 });
    if (pathname === '/api/data/v2/jobs/import') {
      const job = { id: 'job-1', type: 'IMPORT_ITEMS', status: 'NEW', progress: { current: 0, total: null } };
      return Response.json({ job }, { status: 202 });
    }
    return new Response('not found', { status: 404 });
  };
  return { asked, fetch: fetchImpl };
}

async function blog(argv: string[], env: Record<string, string | undefined>, fetchImpl: typeof fetch) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    env: { BLOG_CONTENT_DIR: contentDir, DATA_DIR: path.join(work, 'data'), OWNER_PASSWORD: 'pw', ...env },
    fetch: fetchImpl,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const importJob = ['data', 'import', 'subscribers', csv, '--detach'];

describe('the running site’s address', () => {
  it('is localhost at PORT when SITE_URL is unset, and the CLI says it sent the import there', async () => {
    const site = playedSite();
    const { code, out } = await blog(importJob, { PORT: '4800' }, site.fetch);
    expect(code).toBe(0);
    expect(site.asked.length).toBeGreaterThan(0);
    expect(site.asked.every((request) => request.includes(' http://localhost:4800/api/'))).toBe(true);
    expect(out).toContain(`job job-1: the import of ${csv} into subscribers at http://localhost:4800 (NEW)`);
  });

  it('is SITE_URL when it is set, whatever PORT says', async () => {
    const site = playedSite();
    const { code, out } = await blog(importJob, { SITE_URL: 'https://blog.example/', PORT: '4800' }, site.fetch);
    expect(code).toBe(0);
    expect(site.asked.every((request) => request.includes(' https://blog.example/api/'))).toBe(true);
    expect(out).toContain('into subscribers at https://blog.example (NEW)');
  });

  it('names the address it could not reach', async () => {
    const offline: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }));
    expect(await blog(importJob, { PORT: '4800' }, offline)).toMatchObject({
      code: 1,
      err: 'blog: could not reach http://localhost:4800: ECONNREFUSED',
    });
  });

  it('refuses a PORT that is not a port, sending nothing', async () => {
    const site = playedSite();
    const { code, err } = await blog(importJob, { PORT: 'eighty' }, site.fetch);
    expect(code).toBe(2);
    expect(err).toContain('PORT is invalid: must be a port number from 1 to 65535 (got "eighty")');
    expect(site.asked).toEqual([]);
  });
});

describe('a new post’s address', () => {
  it.each([{ PORT: '4800' }, { SITE_URL: ' https://blog.example/ ' }])(
    'is the one the site gives its own posts under %j',
    async (env) => {
      const nothing: typeof fetch = () => Promise.reject(new Error('the CLI must not call the site'));
      const title = `At ${JSON.stringify(env)}`;
      expect((await blog(['create', title, '--draft'], env, nothing)).code).toBe(0);
      const post = readdirSync(path.join(contentDir, 'posts'))
        .map(
          (name) =>
            JSON.parse(readFileSync(path.join(contentDir, 'posts', name), 'utf8')) as {
              title: string;
              url: { base: string };
            },
        )
        .find((p) => p.title === title)!;
      expect(post.url.base).toBe(readConfig({ BLOG_CONTENT_DIR: contentDir, ...env }).siteUrl);
    },
  );
});
