import { rmSync } from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '@/lib/core/mail/outbox';
import { OPEN_MEMBERS, joinMember, withSite } from '../helpers/site';
import { deliverConfirmations, stopJobs } from '../newsletter/deliver';

// The account page's newsletter setting (issue 47): where the member's own address stands, a subscribe under the
// newsletter's own rules (a link mailed, the subscription confirmed when it is followed), an unsubscribe as the mail's
// link makes it. Only an address known to be the member's is shown or unsubscribed here: whoever signed up with
// another's address learns nothing of it, and cannot take it off the list.

const SITE = 'https://blog.example';
const { outbox } = withSite(
  {
    ...OPEN_MEMBERS,
    SESSION_SECRET: 'members-newsletter-test-secret-long-0123456',
    SITE_URL: SITE,
    TRUST_PROXY_HOPS: '1',
  },
  { database: true },
);

const { POST: newsletterRoute, GET: newsletterGet } = await import('@/app/api/members/account/newsletter/route');
const { GET: confirmRoute } = await import('@/app/(site)/newsletter/confirm/route');
const { memberNewsletter } = await import('@/lib/newsletter');
const { members } = await import('@/lib/members');
const { dataClient, recordsClient, OWNER } = await import('@/lib/data');

afterAll(stopJobs);

let client = 0;
beforeEach(async () => {
  await dataClient().truncate('subscribers', OWNER);
  rmSync(outbox, { recursive: true, force: true });
  client += 1;
});

const post = (fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
  new Request(`${SITE}/api/members/account/newsletter`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE,
      'x-forwarded-for': `203.0.113.${client}`,
      ...(cookie && { cookie }),
      ...headers,
    },
  });
const location = (response: Response) => [response.status, response.headers.get('location')];
const standing = async (email: string) => (await memberNewsletter.standing(email)).standing;
const subscribers = async () => (
  await deliverConfirmations(),
  (await dataClient().query('subscribers', {}, OWNER)).items
);

/** A member whose address is confirmed as theirs (as the sign-up's code or a reset link marks it). */
async function verified(email: string, name: string) {
  const joined = await joinMember(email, name);
  const records = recordsClient(members);
  const item = await records.get(members.id, joined.id, OWNER);
  await records.update(members.id, { ...item!, emailVerified: true }, OWNER);
  return joined;
}

describe('a member whose address is theirs', () => {
  it('subscribes (a link mailed, confirmed when followed), sees where it stands, and unsubscribes', async () => {
    const ada = await verified('ada@example.com', 'Ada');
    expect(await standing('ada@example.com')).toBe('none');

    const asked = await newsletterRoute(post({ intent: 'subscribe' }, ada.cookie));
    expect(location(asked)).toEqual([303, '/account?notice=newsletter-asked']);
    expect(asked.headers.get('cache-control')).toBe('private, no-store');
    expect(await subscribers()).toMatchObject([{ email: 'ada@example.com', status: 'pending' }]);
    expect(await standing('ada@example.com')).toBe('pending');
    const [mail] = await readOutbox(outbox);
    expect(mail!.headers.to).toBe('ada@example.com');
    const link = /https:\/\/blog\.example(\/newsletter\/confirm\?\S+)/.exec(mail!.text)![1]!;

    const confirmed = await confirmRoute(new Request(`${SITE}${link}`));
    expect(confirmed.headers.get('location')).toBe('/newsletter/confirmed');
    expect(await standing('ada@example.com')).toBe('confirmed');

    // Subscribed already: told so, and nothing more is mailed.
    rmSync(outbox, { recursive: true, force: true });
    const again = await newsletterRoute(post({ intent: 'subscribe' }, ada.cookie));
    expect(location(again)).toEqual([303, '/account?notice=newsletter-confirmed-already']);
    expect(await deliverConfirmations()).toBe(0);
    expect(await readOutbox(outbox)).toEqual([]);

    const out = await newsletterRoute(post({ intent: 'unsubscribe' }, ada.cookie));
    expect(location(out)).toEqual([303, '/account?notice=newsletter-unsubscribed']);
    expect(await subscribers()).toMatchObject([{ email: 'ada@example.com', status: 'unsubscribed' }]);
    expect(await standing('ada@example.com')).toBe('unsubscribed');
    // The confirmation link mailed before confirms nothing after it.
    expect((await confirmRoute(new Request(`${SITE}${link}`))).headers.get('location')).toBe(
      '/newsletter/link-expired',
    );
    expect(await standing('ada@example.com')).toBe('unsubscribed');
  });

  it('unsubscribing an address waiting for its link closes the link', async () => {
    const bo = await verified('bo@example.com', 'Bo');
    await newsletterRoute(post({ intent: 'subscribe' }, bo.cookie));
    await deliverConfirmations();
    const [mail] = await readOutbox(outbox);
    const link = /https:\/\/blog\.example(\/newsletter\/confirm\?\S+)/.exec(mail!.text)![1]!;
    await newsletterRoute(post({ intent: 'unsubscribe' }, bo.cookie));
    expect((await confirmRoute(new Request(`${SITE}${link}`))).headers.get('location')).toBe(
      '/newsletter/link-expired',
    );
    expect(await standing('bo@example.com')).toBe('unsubscribed');
  });
});

describe('a member whose address is not known to be theirs', () => {
  it('cannot unsubscribe it, and subscribing only mails the address its link', async () => {
    // The address's owner subscribed and confirmed it; someone else joined with it (no confirmation asked).
    const owner = await verified('cy@example.com', 'Cy');
    await newsletterRoute(post({ intent: 'subscribe' }, owner.cookie));
    const [mail] = (await subscribers(), await readOutbox(outbox));
    await confirmRoute(
      new Request(`${SITE}${/https:\/\/blog\.example(\/newsletter\/confirm\?\S+)/.exec(mail!.text)![1]}`),
    );
    const records = recordsClient(members);
    const item = await records.get(members.id, owner.id, OWNER);
    await records.update(members.id, { ...item!, emailVerified: false }, OWNER);
    const before = await subscribers();

    const refused = await newsletterRoute(post({ intent: 'unsubscribe' }, owner.cookie));
    expect(location(refused)).toEqual([303, '/account?notice=newsletter-unverified']);
    expect(await subscribers()).toEqual(before);

    // Subscribing answers as the public form does, whatever the address's standing.
    const asked = await newsletterRoute(post({ intent: 'subscribe' }, owner.cookie));
    expect(location(asked)).toEqual([303, '/account?notice=newsletter-asked']);
    expect(await subscribers()).toMatchObject([{ status: 'confirmed' }]);
  });
});

describe('the newsletter form', () => {
  it('refuses another intent, another site and a visitor without a session, changing nothing', async () => {
    const di = await verified('di@example.com', 'Di');
    expect(location(await newsletterRoute(post({ intent: 'delete-everyone' }, di.cookie)))).toEqual([
      303,
      '/account?notice=invalid-request',
    ]);
    expect(location(await newsletterRoute(post({}, di.cookie)))).toEqual([303, '/account?notice=invalid-request']);
    const crossSite = await newsletterRoute(
      post({ intent: 'subscribe' }, di.cookie, { origin: 'https://evil.example' }),
    );
    expect(location(crossSite)).toEqual([303, '/account?notice=cross-site']);
    expect(location(await newsletterRoute(post({ intent: 'subscribe' })))).toEqual([
      303,
      '/signin?notice=signin-required',
    ]);
    expect(await subscribers()).toEqual([]);
    expect(await standing('di@example.com')).toBe('none');
    expect((await newsletterGet(new Request(`${SITE}/api/members/account/newsletter`))).status).toBe(405);
  });

  it('keeps the newsletter’s limit on subscribes per client', async () => {
    const ed = await verified('ed@example.com', 'Ed');
    for (let i = 0; i < 10; i += 1) {
      expect(location(await newsletterRoute(post({ intent: 'subscribe' }, ed.cookie)))).toEqual([
        303,
        '/account?notice=newsletter-asked',
      ]);
    }
    expect(location(await newsletterRoute(post({ intent: 'subscribe' }, ed.cookie)))).toEqual([
      303,
      '/account?notice=newsletter-rate-limited',
    ]);
  });
});
