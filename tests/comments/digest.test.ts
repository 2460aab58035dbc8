import { afterAll, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { startTestSmtp } from '@/scripts/mail/test-smtp';

// The owner's daily digest of comments waiting (issue 29): off until the owner gives an address; then one mail a day,
// only when something waits, naming what waits; the same day twice mails once; RFC 8058's one click turns it off, and a
// forged link changes nothing. The dashboard's form is the owner's only. Through a real SMTP server on loopback.

const smtp = await startTestSmtp();
afterAll(() => smtp.close());

const SITE = 'https://blog.example';
const SECRET = 'digest-test-secret-0123456789abcdef-0123456';
withSite(
  { SESSION_SECRET: SECRET, OWNER_PASSWORD: 'digest-owner-password', SITE_URL: SITE, SMTP_URL: smtp.url },
  { content: [makePost(1)], database: true },
);

const { sendDigest } = await import('@/lib/comments/digest');
const { siteComments, siteDigest, digestAddress } = await import('@/lib/comments');
const { POST: digestForm } = await import('@/app/api/owner/comments/digest/route');
const { POST: unsubscribe } = await import('@/app/(site)/newsletter/unsubscribe/route');
const { SESSION_COOKIE, signSession } = await import('@/lib/owner/tokens');

vi.setConfig({ testTimeout: 60_000 });

const OWNER_MAIL = 'owner@example.com';
const mails = () => smtp.received.filter((m) => m.to.includes(OWNER_MAIL));
const day = (d: string) => ({ ...siteDigest(), now: () => new Date(`${d}T07:00:00Z`) });
const form = (body: string, cookie?: string) =>
  digestForm(
    new Request(`${SITE}/api/owner/comments/digest`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: SITE,
        ...(cookie && { cookie }),
      },
    }),
  );

it('is off until the owner turns it on, and only the owner can', async () => {
  await siteComments().create({ postId: 'post-0001', text: 'Waiting one' }, { kind: 'visitor', name: 'Vi' }, 'PENDING');
  expect(await sendDigest(day('2026-11-20'))).toBe(false);
  expect((await form(`intent=on&email=${encodeURIComponent('someone@example.com')}`)).status).toBe(401);
  expect(await digestAddress(siteDigest())).toBeNull();

  const owner = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
  const on = await form(`intent=on&email=${encodeURIComponent('Owner@Example.com')}`, owner);
  expect(on.status).toBe(303);
  expect(on.headers.get('location')).toBe('/dashboard/comments?saved=digest');
  expect(await digestAddress(siteDigest())).toBe(OWNER_MAIL);
  expect((await form('intent=on&email=nope', owner)).status).toBe(400);
  expect(await digestAddress(siteDigest())).toBe(OWNER_MAIL);
  expect(mails()).toHaveLength(0);
});

it('mails once a day what waits, only when something waits', async () => {
  expect(await sendDigest(day('2026-11-21'))).toBe(true);
  expect(await sendDigest(day('2026-11-21'))).toBe(false);
  expect(mails()).toHaveLength(1);
  expect(mails()[0]!.raw).toContain('Waiting one');
  expect(mails()[0]!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  expect(await sendDigest(day('2026-11-22'))).toBe(true);
  expect(mails()).toHaveLength(2);
});

it('nothing waiting, nothing mailed', async () => {
  const { commentModeration } = await import('@/lib/comments');
  const { comments } = await commentModeration().queue('PENDING', { limit: 10 });
  for (const c of comments) await commentModeration().approve(c.id);
  expect(await sendDigest(day('2026-11-23'))).toBe(false);
  expect(mails()).toHaveLength(2);
});

it("the mail's one click turns the digest off; a forged link changes nothing", async () => {
  const url = mails()[0]!.headers.get('list-unsubscribe')!.slice(1, -1);
  const forged = url.replace(/d=([\w-])/, (_, c: string) => `d=${c === 'A' ? 'B' : 'A'}`);
  const refused = await unsubscribe(new Request(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click' }));
  // RFC 8058's one click is answered without a redirect: 200, or the catalogue's 404 for a link that does not hold.
  expect([refused.status, refused.headers.get('location')]).toEqual([404, null]);
  expect(await digestAddress(siteDigest())).toBe(OWNER_MAIL);
  const answer = await unsubscribe(new Request(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' }));
  expect([answer.status, answer.headers.get('location')]).toEqual([200, null]);
  expect(await digestAddress(siteDigest())).toBeNull();
  await siteComments().create({ postId: 'post-0001', text: 'Waiting two' }, { kind: 'visitor', name: 'Vi' }, 'PENDING');
  expect(await sendDigest(day('2026-11-24'))).toBe(false);
});
