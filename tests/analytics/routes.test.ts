import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// The analytics routes as a browser and the owner use them: a public page's beacon (app/api/hit) and a post's
// read-through (…/read) counted, and anything that is not one (a bad body, another site's page, a prefetch, a depth
// that is no quarter) answered 204 the same and counted nothing; the owner's CSV export, to the owner only, its period
// and table checked, its cells inert in a spreadsheet.

const SECRET = 'analytics-routes-test-secret-long-enough-0123456789';
const SITE = 'https://blog.example';
withSite(
  { SESSION_SECRET: SECRET, OWNER_PASSWORD: 'owner-password', SITE_URL: SITE, TRUST_PROXY_HOPS: '1' },
  { content: 'content', database: true },
);
const { POST: hit, GET: hitGet } = await import('@/app/api/hit/route');
const { POST: read } = await import('@/app/api/posts/[postId]/read/route');
const { GET: exportCsv } = await import('@/app/dashboard/analytics/export/route');
const { analyticsSql, flushAnalytics } = await import('@/lib/analytics/reads');
const { blogSource } = await import('@/lib/blog');

vi.setConfig({ testTimeout: 60_000 });

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const OWNER = `${SESSION_COOKIE}=${signSession(SECRET).token}`;

const beacon = (body: unknown, headers: Record<string, string> = {}, url = `${SITE}/api/hit`) =>
  new Request(url, {
    method: 'POST',
    headers: {
      origin: SITE,
      'content-type': 'application/json',
      'user-agent': AGENT,
      'x-forwarded-for': '203.0.113.9',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function events() {
  await flushAnalytics();
  const { rows } = await analyticsSql().query<{ kind: string; path: string; post_id: string; depth: number }>(
    'select kind, path, post_id, depth from analytics_events order by at',
  );
  return rows;
}

describe('the beacons', () => {
  it('count a public page and a post’s read-through; anything else is answered alike and counts nothing', async () => {
    const [post] = (await blogSource().listPosts({ paging: { limit: 1 } })).items;
    const postPage = `${SITE}/post/${post!.slug}`;
    const readOf = (body: unknown, headers: Record<string, string> = {}) =>
      read(beacon(body, headers, `${SITE}/api/posts/${post!.id}/read`), {
        params: Promise.resolve({ postId: post!.id }),
      });

    const answers = [
      await hit(beacon({ url: `${SITE}/tags/css?utm_campaign=spring`, referrer: 'https://news.example/' })),
      await readOf({ url: postPage, depth: 75 }),
      // Not counted: no page, a bad body, another site's page or request, a prefetch, a depth that is no quarter, a
      // read mark sent as a view, a view sent as a read mark.
      await hit(beacon('not json')),
      await hit(beacon({ referrer: 'https://news.example/' })),
      await hit(beacon({ url: 'https://elsewhere.example/' })),
      await hit(beacon({ url: `${SITE}/` }, { origin: 'https://elsewhere.example' })),
      await hit(beacon({ url: `${SITE}/` }, { 'sec-purpose': 'prefetch;prerender' })),
      await hit(beacon({ url: `${SITE}/`, depth: 50 })),
      await readOf({ url: postPage, depth: 33 }),
      await readOf({ url: postPage, referrer: null }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(204);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(await events()).toEqual([
      { kind: 'view', path: '/tags/css', post_id: '', depth: 0 },
      { kind: 'read', path: `/post/${post!.slug}`, post_id: post!.id, depth: 75 },
    ]);
    const unknown = await read(beacon({ url: postPage, depth: 50 }), { params: Promise.resolve({ postId: 'nope' }) });
    expect(unknown.status).toBe(404);
    const wrongMethod = await hitGet(new Request(`${SITE}/api/hit`));
    expect(wrongMethod.status).toBe(405);
  });
});

describe('the CSV export', () => {
  const get = (query: string, cookie?: string) =>
    exportCsv(new Request(`${SITE}/dashboard/analytics/export?${query}`, { headers: cookie ? { cookie } : {} }));

  it('is the owner’s only, and refuses a period or table it does not know', async () => {
    const anonymous = await get('table=pages&range=30d');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('/tags/css');
    expect((await get('table=secrets&range=30d', OWNER)).status).toBe(400);
    const badDate = await get('table=pages&from=2026-02-30&to=2026-03-01', OWNER);
    expect(badDate.status).toBe(400);
    expect(await badDate.json()).toMatchObject({ error: { message: expect.stringContaining('YYYY-MM-DD') } });
  });

  it('writes a table with its header, cells a spreadsheet would run made inert', async () => {
    await hit(beacon({ url: `${SITE}/about?utm_campaign=%3Dcmd|calc`, referrer: null }));
    await flushAnalytics();
    const answer = await get('table=pages&range=7d', OWNER);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="pages-\d{4}-\d{2}-\d{2}-/);
    const lines = (await answer.text()).trim().split('\n');
    expect(lines[0]).toBe('page,visitors,views');
    expect(lines).toContain('/tags/css,1,1');
    const campaigns = (await (await get('table=campaigns&range=7d', OWNER)).text()).trim().split('\n');
    expect(campaigns.sort()).toEqual(["'=cmd|calc,1,1", 'campaign,visitors,views', 'spring,1,1']);
  });
});
