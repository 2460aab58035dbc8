import { rmSync } from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { readOutbox } from '@/lib/core/mail/outbox';
import { withSite } from '../helpers/site';
import { deliverConfirmations, stopJobs } from './deliver';

// The subscribe form's and the confirmation link's routes, and the owner's CSV, on the embedded backend with the
// outbox as the mailbox: what a visitor's browser (a form, no JavaScript) and a script (JSON) get back.

const SECRET = 'newsletter-api-test-secret-long-enough-0123456789';
const { outbox } = withSite(
  { OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET, SITE_URL: 'https://blog.example', TRUST_PROXY_HOPS: '1' },
  { database: true },
);

const { POST: subscribeRoute, GET: subscribeGet } = await import('@/app/(site)/newsletter/subscribe/route');
const { GET: confirmRoute } = await import('@/app/(site)/newsletter/confirm/route');
const { GET: csvRoute } = await import('@/app/dashboard/subscribers.csv/route');
const { dataClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/permissions');

/** The outbox once every subscribe the queue holds has run (the mail follows the answer). */
const mailed = async () => (await deliverConfirmations(), readOutbox(outbox));
afterAll(stopJobs);

let client = 0;
beforeEach(async () => {
  await dataClient().truncate('subscribers', OWNER);
  rmSync(outbox, { recursive: true, force: true });
  client += 1;
});

const site = 'https://blog.example';
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${site}/newsletter/subscribe`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: site,
      'x-forwarded-for': `203.0.113.${client}`,
      ...headers,
    },
  });
const json = (body: unknown) =>
  new Request(`${site}/newsletter/subscribe`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${client}` },
  });
/** The subscribers once every subscribe the queue holds has run. */
const stored = async () => (await deliverConfirmations(), dataClient().query('subscribers', {}, OWNER));

describe('POST /newsletter/subscribe', () => {
  it('answers a form with a 303 to "check your inbox" and mails a link that confirms', async () => {
    const response = await subscribeRoute(form({ email: ' Ada@Example.com ', website: '' }));
    expect([response.status, response.headers.get('location')]).toEqual([303, '/newsletter/check-your-inbox']);
    const [mail] = await mailed();
    expect(mail!.headers.to).toBe('ada@example.com');
    const link = /https:\/\/blog\.example(\/newsletter\/confirm\?\S+)/.exec(mail!.text)![1]!;
    expect((await stored()).items).toMatchObject([{ email: 'ada@example.com', status: 'pending' }]);

    const confirmed = await confirmRoute(new Request(`${site}${link}`));
    expect([confirmed.status, confirmed.headers.get('location')]).toEqual([303, '/newsletter/confirmed']);
    expect((await stored()).items).toMatchObject([{ status: 'confirmed' }]);
    const tampered = await confirmRoute(new Request(`${site}${link.replace(/t=./, 't=_')}`));
    expect(tampered.headers.get('location')).toBe('/newsletter/link-expired');
    expect((await confirmRoute(new Request(`${site}/newsletter/confirm`))).headers.get('location')).toBe(
      '/newsletter/link-expired',
    );
  });

  it('keeps the language of the form’s page (the posts the address will get); an unknown one is the main language', async () => {
    await subscribeRoute(form({ email: 'es@example.com', language: 'es' }));
    await subscribeRoute(form({ email: 'en@example.com' }));
    await subscribeRoute(form({ email: 'xx@example.com', language: '<script>' }));
    await subscribeRoute(json({ email: 'json@example.com', language: 'es' }));
    const languages = Object.fromEntries((await stored()).items.map((item) => [item.email, item.language]));
    expect(languages).toEqual({
      'es@example.com': 'es',
      'en@example.com': 'en',
      'xx@example.com': 'en',
      'json@example.com': 'es',
    });
  });

  it('gives the same answer for a known address, and mails it no second link', async () => {
    await subscribeRoute(form({ email: 'bo@example.com' }));
    const again = await subscribeRoute(form({ email: 'BO@example.com' }));
    expect(again.headers.get('location')).toBe('/newsletter/check-your-inbox');
    expect(await mailed()).toHaveLength(1);
    expect((await stored()).totalCount).toBe(1);
  });

  it('sends a bad address back to the form, and answers JSON with the catalogue', async () => {
    const response = await subscribeRoute(form({ email: 'not an address' }));
    expect(response.headers.get('location')).toBe('/newsletter/invalid-email');
    const bad = await subscribeRoute(json({ email: 42 }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ wde: 'WDE0046', code: 'WD_VALIDATION_ERROR' });
    const good = await subscribeRoute(json({ email: 'cy@example.com' }));
    expect([good.status, await good.json()]).toEqual([202, { status: 'pending' }]);
    const huge = await subscribeRoute(json({ email: 'x'.repeat(5000) }));
    expect(huge.status).toBe(413);
    expect((await stored()).items.map((i) => i.email)).toEqual(['cy@example.com']);
  });

  it('answers a missing or non-string email as a bad address, never 500: 400 WDE0046 for JSON, the form page', async () => {
    // Issue 26, item 8: `{}` and an empty form answered 500 (the input schema required the key).
    for (const body of [
      {},
      { email: null },
      { email: ['a@example.com'] },
      { email: {} },
      { email: true },
      { email: '' },
    ]) {
      const response = await subscribeRoute(json(body));
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect((await response.json()).error).toMatchObject({ wde: 'WDE0046', code: 'WD_VALIDATION_ERROR' });
    }
    for (const fields of [{}, { website: '' }, { email: '' }] as Record<string, string>[]) {
      const response = await subscribeRoute(form(fields));
      expect({ fields, status: response.status, location: response.headers.get('location') }).toEqual({
        fields,
        status: 303,
        location: '/newsletter/invalid-email',
      });
    }
    expect((await stored()).totalCount).toBe(0);
    expect(await mailed()).toEqual([]);
  });

  it('stores nothing for a filled-in trap or a cross-site post, yet tells a robot it worked', async () => {
    const robot = await subscribeRoute(form({ email: 'robot@example.com', website: 'http://spam.example' }));
    expect(robot.headers.get('location')).toBe('/newsletter/check-your-inbox');
    const crossSite = await subscribeRoute(form({ email: 'victim@example.com' }, { origin: 'https://evil.example' }));
    expect(crossSite.headers.get('location')).toBe('/newsletter/try-later');
    expect((await stored()).totalCount).toBe(0);
    expect(await mailed()).toEqual([]);
  });

  it('lets one client subscribe 10 times in 10 minutes, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await subscribeRoute(json({ email: `r${i}@example.com` }))).status).toBe(202);
    }
    const limited = await subscribeRoute(json({ email: 'r10@example.com' }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await subscribeRoute(form({ email: 'r11@example.com' }))).status).toBe(303);
    expect((await stored()).totalCount).toBe(11);
  });

  it('answers other methods 405', async () => {
    expect((await subscribeGet(new Request(`${site}/newsletter/subscribe`))).status).toBe(405);
  });
});

describe('GET /dashboard/subscribers.csv', () => {
  it('gives the owner every subscriber, and anyone else a 403 without data', async () => {
    await subscribeRoute(form({ email: 'ann@example.com' }));
    await deliverConfirmations();
    const visitor = await csvRoute(new Request(`${site}/dashboard/subscribers.csv`));
    expect(visitor.status).toBe(403);
    expect(await visitor.text()).not.toContain('ann@example.com');
    const cookie = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
    const owner = await csvRoute(new Request(`${site}/dashboard/subscribers.csv`, { headers: { cookie } }));
    expect(owner.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await owner.text()).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^ann@example\.com,pending,\d{4}-/);
  });
});
