import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../helpers/site';

// Analytics, private by design (issue 46): a page view is counted from the post page's beacon with its page, source,
// campaign, device and language; a reader is one visitor in a day, across pages, through a hash under the day's salt;
// crawlers, the owner, `DNT` and `Sec-GPC` count nothing; no cookie is set and no address or agent is kept (the rows
// are read back from the database); the next day's salt makes the same reader another visitor, and the old salt goes.

const SECRET = 'analytics-hits-test-secret-long-enough-0123456789';
const SITE = 'https://blog.example';
withSite(
  { SESSION_SECRET: SECRET, OWNER_PASSWORD: 'owner-password', SITE_URL: SITE, TRUST_PROXY_HOPS: '1' },
  { content: 'content', database: true },
);
const { POST: beacon } = await import('@/app/api/posts/[postId]/view/route');
const { hitOf, recordHit } = await import('@/lib/analytics');
const { analyticsSql, dailyRows, flushAnalytics } = await import('@/lib/analytics/reads');
const { recordsClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/types');
const { blogSource } = await import('@/lib/blog');

vi.setConfig({ testTimeout: 60_000 });

const ADDRESS = '203.0.113.7';
const AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari';
/** The day the second test runs on (Date alone is faked: a run across midnight is still one day). */
const DAY = '2026-11-15';

async function view(postId: string, slug: string, headers: Record<string, string> = {}, query = '') {
  return beacon(
    new Request(`${SITE}/api/posts/${postId}/view`, {
      method: 'POST',
      headers: {
        origin: SITE,
        'content-type': 'application/json',
        'user-agent': AGENT,
        'x-forwarded-for': ADDRESS,
        'accept-language': 'es-ES,es;q=0.9',
        ...headers,
      },
      body: JSON.stringify({ url: `${SITE}/post/${slug}${query}`, referrer: 'https://www.news.example/item?id=1' }),
    }),
    { params: Promise.resolve({ postId }) },
  );
}

/** The raw events as the database holds them, every column. */
async function rows() {
  await flushAnalytics();
  const { rows } = await analyticsSql().query<Record<string, unknown>>(
    "select *, to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day from analytics_events",
  );
  return rows;
}

describe('a page view', () => {
  it('is read for its page, source, campaign, device and language, and nothing else', () => {
    const hit = hitOf({
      url: `${SITE}/post/a%20b?utm_source=Newsletter&utm_medium=Email&utm_campaign=Nov&token=secret`,
      referrer: 'https://www.google.com/search?q=private',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148',
      acceptLanguage: 'fr-CH, fr;q=0.9',
      siteHost: 'blog.example',
    });
    expect(hit).toEqual({
      path: '/post/a b',
      referrerHost: 'google.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'nov',
      device: 'mobile',
      language: 'fr',
    });
    // From this site itself is no source; another site's page is not counted; an iPad is a tablet.
    expect(
      hitOf({
        url: `${SITE}/`,
        referrer: `${SITE}/post/x`,
        userAgent: 'iPad',
        acceptLanguage: null,
        siteHost: 'blog.example',
      }),
    ).toMatchObject({ referrerHost: null, device: 'tablet', language: null });
    expect(
      hitOf({
        url: 'https://elsewhere.example/',
        referrer: null,
        userAgent: '',
        acceptLanguage: null,
        siteHost: 'blog.example',
      }),
    ).toBeNull();
  });

  it('counts a reader once a day across pages; crawlers, the owner, DNT and Sec-GPC not at all; no cookie, no address kept', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${DAY}T12:00:00Z`) });
    onTestFinished(() => void vi.useRealTimers());
    const [first, second] = (await blogSource().listPosts({ paging: { limit: 2 } })).items;
    const answered = await view(first!.id, first!.slug, {}, '?utm_source=mastodon');
    expect(answered.status).toBe(204);
    expect(answered.headers.get('set-cookie')).toBeNull();
    await view(second!.id, second!.slug);
    await view(first!.id, first!.slug, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await view(first!.id, first!.slug, { cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` });
    await view(first!.id, first!.slug, { 'sec-gpc': '1' });
    await view(first!.id, first!.slug, { dnt: '1' });
    // Another reader (another address).
    await view(first!.id, first!.slug, { 'x-forwarded-for': '198.51.100.4' });

    const stored = await rows();
    expect(await dailyRows(analyticsSql(), { dim: 'total', from: DAY, to: DAY })).toEqual([
      { day: DAY, value: '', views: 3, visitors: 2 },
    ]);
    expect(stored.map((r) => [r.path, r.referrer_host, r.utm_source, r.device, r.language])).toEqual(
      expect.arrayContaining([
        [`/post/${first!.slug}`, 'news.example', 'mastodon', 'desktop', 'es'],
        [`/post/${second!.slug}`, 'news.example', '', 'desktop', 'es'],
      ]),
    );
    // Read from the database: no address, no agent, no query beyond the campaign.
    const text = JSON.stringify(stored);
    for (const secret of [ADDRESS, '198.51.100.4', 'Mozilla', 'Macintosh', 'id=1']) expect(text).not.toContain(secret);
  });

  it('is another visitor the next day: the salt changes, and the day before’s is deleted', async () => {
    const input = { url: `${SITE}/`, referrer: null, client: ADDRESS, owner: false, crossSite: false };
    const headers = new Headers({ 'user-agent': AGENT });
    const day1 = new Date(Date.UTC(2026, 10, 1, 10));
    const day2 = new Date(Date.UTC(2026, 10, 2, 10));
    expect(await recordHit({ ...input, headers, now: day1 })).toBe('counted');
    expect(await recordHit({ ...input, headers, now: day1 })).toBe('counted');
    expect(await recordHit({ ...input, headers, now: day2 })).toBe('counted');
    const visitors = (await rows()).filter((r) => r.day === '2026-11-01' || r.day === '2026-11-02');
    const byDay = (day: string) => new Set(visitors.filter((r) => r.day === day).map((r) => r.visitor));
    expect(byDay('2026-11-01').size).toBe(1);
    expect(byDay('2026-11-02').size).toBe(1);
    expect([...byDay('2026-11-01')][0]).not.toBe([...byDay('2026-11-02')][0]);
    const salts = await recordsClient().query('analytics-salts', { limit: 10 }, OWNER);
    expect(salts.items.map((s) => s._id)).not.toContain('2026-11-01');
  });
});
