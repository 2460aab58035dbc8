import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { confirmLinkIn, startHeldSmtp } from '../helpers/held-smtp';

// Issue 42, item 4: an old confirmation link undid a one-click unsubscribe. After `List-Unsubscribe-Post` (RFC 8058),
// opening the week-old confirmation link (the reader, or a mail scanner following old links) confirmed the address
// again, and it got the next post. A link now confirms only the request it was mailed for, which confirming or
// unsubscribing closes. And the one-click POST answered a 303 to a page; a mail provider wants a 2xx, no redirect.
// Through the real routes, a real SMTP server on loopback and the site's queue.

const smtp = await startHeldSmtp();
smtp.release();
const SITE = 'https://blog.example';
const now = Date.now();
const fresh = (i: number) => makePost(i, { firstPublishedDate: new Date(now - 3600_000).toISOString() });
withSite(
  {
    SESSION_SECRET: 'confirm-once-test-secret-0123456789abcdef',
    SITE_URL: SITE,
    SMTP_URL: smtp.url,
    NEWSLETTER_RATE: '0',
    TRUST_PROXY_HOPS: '1',
  },
  { content: [fresh(1), fresh(2), fresh(3)], database: true },
);

const { POST: subscribeRoute } = await import('@/app/(site)/newsletter/subscribe/route');
const { GET: confirmRoute } = await import('@/app/(site)/newsletter/confirm/route');
const { POST: unsubscribeRoute } = await import('@/app/(site)/newsletter/unsubscribe/route');
const { siteNewsletter, siteSending, startNewsletter, unsubscribeUrl } = await import('@/lib/newsletter');
const { sendPost, newsletterDeliveries } = await import('@/lib/newsletter/sending');
const { announce } = await import('@/lib/newsletter/send-plan');
const { subscriberId } = await import('@/lib/newsletter/subscribe');
const { dataClient, siteJobs } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/types');

vi.setConfig({ testTimeout: 60_000 });
// The queue's worker mails the confirmation links, as on a server.
beforeAll(() => startNewsletter());
afterAll(async () => {
  await (await siteJobs()).stop({ graceful: false, wait: true });
  await smtp.close();
});

let client = 0;
const subscribeForm = (email: string) =>
  subscribeRoute(
    new Request(`${SITE}/newsletter/subscribe`, {
      method: 'POST',
      body: new URLSearchParams({ email, website: '' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: SITE,
        'x-forwarded-for': `203.0.113.${(client += 1)}`,
      },
    }),
  );
const confirmSubject = 'Confirm your subscription to';
/** The confirmation mails to `email` taken so far. */
const confirmations = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email) && m.headers.get('subject')?.startsWith(confirmSubject));
/** Subscribes through the form and waits for the confirmation mail (the `n`th to this address): its link. */
async function subscribeForLink(email: string, n = 1): Promise<string> {
  expect((await subscribeForm(email)).headers.get('location')).toBe('/newsletter/check-your-inbox');
  await smtp.receivedWhere(() => confirmations(email).length >= n);
  return confirmLinkIn(confirmations(email)[n - 1]!);
}
const open = (link: string) => confirmRoute(new Request(`${SITE}${link}`));
const statusOf = async (email: string) => (await dataClient().get('subscribers', subscriberId(email), OWNER))?.status;
/** RFC 8058's one click, as a mail provider sends it. */
const oneClick = (url: string) =>
  unsubscribeRoute(
    new Request(url, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
/** Publishes a post's mail now (its first publication, sent by the worker's own function): who it went to. */
async function sendNow(postId: string): Promise<string[]> {
  expect(await announce(siteSending(), postId, async () => {})).toBe('queued');
  expect(await sendPost(siteSending(), postId)).toEqual({ status: 'done' });
  const { items } = await siteSending().records.query(
    newsletterDeliveries.id,
    { filter: { postId }, limit: 100 },
    OWNER,
  );
  return items.filter((d) => d.status === 'sent').map((d) => String(d.email));
}

it('an old confirmation link opened after a one-click unsubscribe changes nothing, and the next post skips the address', async () => {
  const link = await subscribeForLink('ada@example.com');
  expect((await open(link)).headers.get('location')).toBe('/newsletter/confirmed');
  expect(await statusOf('ada@example.com')).toBe('confirmed');
  // A second click of the same link, before anything else happened: harmless.
  expect((await open(link)).headers.get('location')).toBe('/newsletter/confirmed');

  // Ada gets a post, and unsubscribes by its List-Unsubscribe one click.
  expect(await sendNow('post-0001')).toEqual(['ada@example.com']);
  const post = await smtp.receivedFor('ada@example.com', 'Post number 1');
  const url = post.headers.get('list-unsubscribe')!.slice(1, -1);
  expect((await oneClick(url)).status).toBeLessThan(400);
  expect(await statusOf('ada@example.com')).toBe('unsubscribed');

  // The week-old link, opened again: it no longer confirms anything.
  expect((await open(link)).headers.get('location')).toBe('/newsletter/link-expired');
  expect(await statusOf('ada@example.com')).toBe('unsubscribed');

  // The next post goes to the confirmed readers, not to her.
  await dataClient().insert(
    'subscribers',
    { _id: subscriberId('bo@example.com'), email: 'bo@example.com', status: 'confirmed', week: '2026-W48' },
    OWNER,
  );
  expect(await sendNow('post-0002')).toEqual(['bo@example.com']);
  expect(smtp.received.filter((m) => m.headers.get('subject') === 'Post number 2').flatMap((m) => m.to)).toEqual([
    'bo@example.com',
  ]);
});

it('subscribing again makes a new request: its link confirms, the links of earlier requests do not', async () => {
  const email = 'cy@example.com';
  const first = await subscribeForLink(email);
  expect((await open(first)).headers.get('location')).toBe('/newsletter/confirmed');
  const stop = await oneClick(unsubscribeUrl(siteNewsletter(), subscriberId(email)));
  expect(stop.status).toBeLessThan(400);
  // A while later (a pending address is mailed at most once in ten minutes), subscribing again mails a new link; until
  // it is opened the address stays unsubscribed, whatever older link opens.
  const stored = (await dataClient().get('subscribers', subscriberId(email), OWNER))!;
  const earlier = new Date(Date.now() - 11 * 60_000).toISOString();
  await dataClient().update('subscribers', { ...stored, confirmationSentDate: earlier }, OWNER);
  const second = await subscribeForLink(email, 2);
  expect((await open(first)).headers.get('location')).toBe('/newsletter/link-expired');
  expect(await statusOf(email)).toBe('unsubscribed');
  expect((await open(second)).headers.get('location')).toBe('/newsletter/confirmed');
  expect(await statusOf(email)).toBe('confirmed');
});

it("the one-click POST answers 200 with a short text and no redirect; the page's button still lands on its page", async () => {
  const subscriber = (email: string) => ({ _id: subscriberId(email), email, status: 'confirmed', week: '2026-W48' });
  const emails = ['dee@example.com', 'eli@example.com', 'fay@example.com'];
  await dataClient().bulkInsert('subscribers', emails.map(subscriber), OWNER);
  const [dee, eli, fay] = emails.map((email) => unsubscribeUrl(siteNewsletter(), subscriberId(email)));

  const answer = await oneClick(dee!);
  expect([answer.status, answer.headers.get('location')]).toEqual([200, null]);
  expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await answer.text()).toBe('Unsubscribed.\n');
  expect(await statusOf('dee@example.com')).toBe('unsubscribed');
  // Twice is harmless, and says the same.
  expect((await oneClick(dee!)).status).toBe(200);

  // RFC 8058 allows the pair as multipart/form-data too.
  const multipart = new FormData();
  multipart.set('List-Unsubscribe', 'One-Click');
  const asMultipart = await unsubscribeRoute(new Request(eli!, { method: 'POST', body: multipart }));
  expect([asMultipart.status, asMultipart.headers.get('location')]).toEqual([200, null]);
  expect(await statusOf('eli@example.com')).toBe('unsubscribed');

  // A link that does not hold: the catalogue's 404, still no redirect, and nothing changes.
  const forged = fay!.replace(/t=([\w-])/, (_, c: string) => `t=${c === 'A' ? 'B' : 'A'}`);
  const refused = await oneClick(forged);
  expect([refused.status, refused.headers.get('location')]).toEqual([404, null]);
  expect((await refused.json()).error).toMatchObject({ wde: 'WDE0073' });
  expect(await statusOf('fay@example.com')).toBe('confirmed');

  // The unsubscribe page's button: a browser's form post, with no field; it goes on to the page that says so.
  const button = await unsubscribeRoute(
    new Request(fay!, {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
    }),
  );
  expect([button.status, button.headers.get('location')]).toEqual([303, '/newsletter/unsubscribed']);
  expect(await statusOf('fay@example.com')).toBe('unsubscribed');
});
