import { afterAll, expect, it, vi } from 'vitest';
import { withSite } from '../helpers/site';
import { deliverConfirmations } from './deliver';
import { confirmLinkIn, startHeldSmtp } from '../helpers/held-smtp';

// Issue 42, item 3: subscribing told who is subscribed by its timing (a confirmed address answered in a median 8.7 ms,
// a new one in 55 ms), since the confirmation mail was sent before the answer. The answer now comes first and the mail
// after, from the site's queue. Shown without a clock: the SMTP server on loopback holds every message (reads it, does
// not answer its DATA) until the test lets it go, so an answer that waited for the mail could not come at all.

const smtp = await startHeldSmtp();
const SITE = 'https://blog.example';
withSite(
  {
    SESSION_SECRET: 'answer-first-test-secret-0123456789abcdef',
    SITE_URL: SITE,
    SMTP_URL: smtp.url,
    TRUST_PROXY_HOPS: '1',
  },
  { database: true },
);

const { POST: subscribeRoute } = await import('@/app/(site)/newsletter/subscribe/route');
const { GET: confirmRoute } = await import('@/app/(site)/newsletter/confirm/route');
const { SUBSCRIBE_QUEUE, startNewsletter } = await import('@/lib/newsletter');
const { subscriberId } = await import('@/lib/newsletter/subscribe');
const { dataClient, siteJobs } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/types');

vi.setConfig({ testTimeout: 60_000 });
afterAll(async () => {
  smtp.release();
  await (await siteJobs()).stop({ graceful: false, wait: true });
  await smtp.close();
});

let client = 0;
const headers = () => ({ 'x-forwarded-for': `203.0.113.${(client += 1)}`, origin: SITE });
const form = (email: string) =>
  new Request(`${SITE}/newsletter/subscribe`, {
    method: 'POST',
    body: new URLSearchParams({ email, website: '' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers() },
  });
const json = (email: string) =>
  new Request(`${SITE}/newsletter/subscribe`, {
    method: 'POST',
    body: JSON.stringify({ email }),
    headers: { 'content-type': 'application/json', ...headers() },
  });
/** What a client can tell an answer by: its status, its headers that matter and its body. */
const seen = async (response: Response) => ({
  status: response.status,
  location: response.headers.get('location'),
  type: response.headers.get('content-type'),
  cache: response.headers.get('cache-control'),
  body: await response.text(),
});

/** The answer, if it came before any message to `address` was held; 'held' if the mail was waited for. */
const answerOrHeld = (answer: Promise<Response>, address: string) =>
  Promise.race([answer.then(seen), smtp.heldFor(address).then(() => 'held' as const)]);

const stored = (email: string, status: string) => ({
  _id: subscriberId(email),
  email,
  status,
  week: '2026-W48',
  confirmationSentDate: new Date().toISOString(),
});

it('answers a new, a pending and a confirmed address alike, before any confirmation mail is sent', async () => {
  // An address long confirmed, and one whose link was mailed a moment ago.
  await dataClient().bulkInsert(
    'subscribers',
    [stored('known@example.com', 'confirmed'), stored('waiting@example.com', 'pending')],
    OWNER,
  );
  for (const [mode, request] of [
    ['form', form],
    ['json', json],
  ] as const) {
    const fresh = `new-${mode}@example.com`;
    // A new address: the answer comes while its mail cannot be taken (nothing is, until released).
    const first = await answerOrHeld(subscribeRoute(request(fresh)), fresh);
    expect(first, `${mode}: the answer waited for the mail`).not.toBe('held');
    // The pending address, and the confirmed one.
    const pending = await seen(await subscribeRoute(request('waiting@example.com')));
    const known = await seen(await subscribeRoute(request('known@example.com')));
    expect({ mode, pending, known }).toEqual({ mode, pending: first, known: first });
  }
  const [form303, json202] = [
    await seen(await subscribeRoute(form('other@example.com'))),
    await seen(await subscribeRoute(json('another@example.com'))),
  ];
  expect(form303).toMatchObject({ status: 303, location: '/newsletter/check-your-inbox', body: '' });
  expect(json202).toMatchObject({ status: 202, body: JSON.stringify({ status: 'pending' }) });

  // Every answer did the same: it left one job on the site's queue (the subscribe, to store the address and mail its
  // link), which no worker has taken yet (this process has not started one). Nothing was stored or mailed meanwhile.
  const boss = await siteJobs();
  expect(await boss.getQueueSize(SUBSCRIBE_QUEUE)).toBe(8);
  expect(await dataClient().count('subscribers', {}, OWNER)).toBe(2);
  expect([...smtp.held, ...smtp.received]).toEqual([]);

  // The queue's jobs run (as its worker would): a link to each new address; none to the pending or confirmed one.
  smtp.release();
  expect(await deliverConfirmations()).toBe(8);
  expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(
    ['another', 'new-form', 'new-json', 'other'].map((name) => `${name}@example.com`),
  );
  const link = confirmLinkIn(smtp.received.find((m) => m.to.includes('new-form@example.com'))!);
  expect((await confirmRoute(new Request(`${SITE}${link}`))).headers.get('location')).toBe('/newsletter/confirmed');
  expect((await dataClient().get('subscribers', subscriberId('new-form@example.com'), OWNER))?.status).toBe(
    'confirmed',
  );
});

it('with the worker running (as on a server), the answer still comes while the mail is held at the server', async () => {
  smtp.holding = true;
  await startNewsletter();
  const address = 'while-held@example.com';
  const answer = await seen(await subscribeRoute(form(address)));
  expect(answer).toMatchObject({ status: 303, location: '/newsletter/check-your-inbox' });
  // The mail is on its way, and held: the answer above did not wait for it.
  await smtp.heldFor(address);
  expect(smtp.received.flatMap((m) => m.to)).not.toContain(address);
  smtp.release();
  await smtp.receivedFor(address);
});
