import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DataClient, createDataClient } from '@/lib/data/client';
import { subscribers } from '@/lib/data/collections';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER } from '@/lib/data/permissions';
import type { Mail, Mailer } from '@/lib/core/mail';
import { confirmationRequests } from '@/lib/newsletter/confirmations';
import { confirmToken, unsubscribeToken } from '@/lib/newsletter/key';
import type { Newsletter, SubscribeJob } from '@/lib/newsletter/types';
import { unsubscribe } from '@/lib/newsletter/unsubscribe';
import { linkMac } from '@/lib/core/security/signed-token';
import { subscriberWeeks, subscribersCsv } from '@/lib/newsletter/report';
import {
  RESEND_AFTER_MS,
  askToSubscribe,
  confirm,
  isoWeek,
  normaliseEmail,
  subscribe,
  subscriberId,
} from '@/lib/newsletter/subscribe';

// Each test opens a database of its own (PGlite's initdb: seconds on a busy machine, counted against the test).
vi.setConfig({ testTimeout: 60_000 });

const folder = mkdtempSync(path.join(tmpdir(), 'subscribe-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const COLLECTIONS = [subscribers, confirmationRequests];
const open = () => createDataClient({ backend: createEmbeddedBackend(folder), collections: COLLECTIONS });

const KEY = Buffer.alloc(32, 7);

/** The newsletter over `client` (its subscribers and its records), its mail kept in `sent`, its queue in `jobs`. */
function newsletterOn(client: DataClient, at = { now: Date.UTC(2026, 10, 24, 12) }) {
  const sent: Mail[] = [];
  const jobs: SubscribeJob[] = [];
  const mailer: Mailer = { send: async (mail) => (sent.push(mail), { messageId: `<${sent.length}@test>` }) };
  const newsletter: Newsletter = {
    client,
    records: client,
    mailer,
    queue: async (job) => jobs.push(job),
    siteUrl: 'https://blog.example',
    key: KEY,
    now: () => new Date(at.now),
  };
  return { newsletter, sent, at, jobs };
}

const linkIn = (mail: Mail) => new URL(/https:\/\/blog\.example\/newsletter\/confirm\?\S+/.exec(mail.text)![0]);

it('50 concurrent subscribes of 25 addresses store exactly 25, mail 25 links, and survive a restart', async () => {
  const client = open();
  const { newsletter, sent } = newsletterOn(client);
  const addresses = Array.from({ length: 25 }, (_, i) => `reader${i}@example.com`);
  // Each address twice, the second time as someone might type it.
  const sends = addresses.flatMap((a) => [a, `  ${a.toUpperCase()} `]);
  const answers = await Promise.all(sends.map((email) => subscribe(newsletter, email)));
  expect(answers.filter((a) => a === 'sent')).toHaveLength(25);
  expect(answers.filter((a) => a === 'recently-sent')).toHaveLength(25);
  expect(sent.map((m) => m.to).sort()).toEqual([...addresses].sort());
  expect(await client.count('subscribers', {}, OWNER)).toBe(25);
  await client.close();

  const again = open();
  const stored = await again.query('subscribers', { limit: 100, sort: [{ fieldName: 'email', order: 'ASC' }] }, OWNER);
  expect(stored.items.map((i) => i.email)).toEqual([...addresses].sort());
  expect(stored.items.every((i) => i.status === 'pending' && i.week === '2026-W48')).toBe(true);
  await again.truncate('subscribers', OWNER);
  await again.close();
}, 60_000);

it('refuses what is not an address, with a catalogue error', () => {
  for (const bad of ['', 'no-at-sign', 'a@', 42, null, `${'x'.repeat(250)}@example.com`]) {
    expect(() => normaliseEmail(bad), String(bad)).toThrow(expect.objectContaining({ status: 400, wde: 'WDE0046' }));
  }
  expect(normaliseEmail(' Reader@Example.COM ')).toBe('reader@example.com');
});

it('names ISO weeks, whose year is the year of their Thursday', () => {
  expect(isoWeek(new Date('2026-11-24T23:59:00Z'))).toBe('2026-W48');
  expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toBe('2026-W53');
  expect(isoWeek(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
  expect(isoWeek(new Date('2026-01-05T00:00:00Z'))).toBe('2026-W02');
});

describe('double opt-in', () => {
  let client: DataClient;
  beforeEach(async () => {
    client = createDataClient({ backend: createEmbeddedBackend(), collections: COLLECTIONS });
    return () => client.close();
  });

  it('confirms by the mailed link, once, and refuses a link that is forged, for another address or too old', async () => {
    const { newsletter, sent, at } = newsletterOn(client);
    expect(await subscribe(newsletter, 'Ada@Example.com')).toBe('sent');
    const link = linkIn(sent[0]!);
    expect(sent[0]).toMatchObject({ to: 'ada@example.com', subject: expect.stringContaining('Confirm') });
    const id = link.searchParams.get('s')!;
    const token = link.searchParams.get('t')!;
    const request = token.split('.')[1]!;
    expect(id).toBe(subscriberId('ada@example.com'));

    const other = subscriberId('eve@example.com');
    expect(await confirm(newsletter, other, token)).toBe('invalid');
    expect(await confirm(newsletter, id, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe('invalid');
    const forged = (key: Buffer, nonce: string) => confirmToken(key, id, nonce, new Date(at.now));
    expect(await confirm(newsletter, id, forged(Buffer.alloc(32, 8), request))).toBe('invalid');
    // Signed with the site's key, but for a request that was never made.
    expect(await confirm(newsletter, id, forged(KEY, 'A'.repeat(22)))).toBe('invalid');
    expect(await confirm(newsletter, [id], token)).toBe('invalid');
    expect((await client.get('subscribers', id, OWNER))?.status).toBe('pending');

    expect(await confirm(newsletter, id, token)).toBe('confirmed');
    const confirmed = await client.get('subscribers', id, OWNER);
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmedDate: new Date(at.now).toISOString() });
    // Its request is closed; a second click finds the address confirmed and changes nothing.
    expect(await client.get(confirmationRequests.id, id, OWNER)).toBeNull();
    expect(await confirm(newsletter, id, token)).toBe('confirmed');
    expect(await client.get('subscribers', id, OWNER)).toEqual(confirmed);
    expect(await subscribe(newsletter, 'ada@example.com')).toBe('already-confirmed');
    expect(sent).toHaveLength(1);

    expect(await subscribe(newsletter, 'late@example.com')).toBe('sent');
    const late = linkIn(sent[1]!);
    at.now += 7 * 24 * 60 * 60 * 1000 + 60_000;
    expect(await confirm(newsletter, late.searchParams.get('s'), late.searchParams.get('t'))).toBe('invalid');
  });

  it('a link of the earlier form (no request) confirms an address still pending, and nothing after an unsubscribe', async () => {
    const { newsletter, at } = newsletterOn(client);
    const legacy = (id: string) => {
      const issued = Math.floor(at.now / 1000);
      return `${issued.toString(36)}.${linkMac(KEY, 'confirm', id, issued)}`;
    };
    // Subscribed before the release that bound requests: pending, no request of its own.
    const pending = subscriberId('old@example.com');
    await client.insert('subscribers', { _id: pending, email: 'old@example.com', status: 'pending' }, OWNER);
    expect(await confirm(newsletter, pending, legacy(pending))).toBe('confirmed');
    // Confirmed, then unsubscribed by one click: the old link confirms nothing.
    const gone = subscriberId('gone@example.com');
    await client.insert('subscribers', { _id: gone, email: 'gone@example.com', status: 'confirmed' }, OWNER);
    expect(await unsubscribe(newsletter, gone, unsubscribeToken(KEY, gone))).toBe('unsubscribed');
    expect(await confirm(newsletter, gone, legacy(gone))).toBe('invalid');
    expect((await client.get('subscribers', gone, OWNER))?.status).toBe('unsubscribed');
    // Pending with a request made since: only that request's link confirms.
    await client.insert('subscribers', { _id: subscriberId('new@example.com'), email: 'new@example.com' }, OWNER);
    at.now += RESEND_AFTER_MS;
    expect(await subscribe(newsletter, 'new@example.com')).toBe('resent');
    expect(await confirm(newsletter, subscriberId('new@example.com'), legacy(subscriberId('new@example.com')))).toBe(
      'invalid',
    );
  });

  it('mails a pending address again only after a while; only the newest link confirms', async () => {
    const { newsletter, sent, at } = newsletterOn(client);
    await subscribe(newsletter, 'bo@example.com');
    expect(await subscribe(newsletter, 'bo@example.com')).toBe('recently-sent');
    at.now += RESEND_AFTER_MS;
    expect(await subscribe(newsletter, 'bo@example.com')).toBe('resent');
    expect(sent).toHaveLength(2);
    const id = subscriberId('bo@example.com');
    const [first, second] = sent.map((mail) => linkIn(mail).searchParams.get('t'));
    expect(await confirm(newsletter, id, first)).toBe('invalid');
    expect(await confirm(newsletter, id, second)).toBe('confirmed');
  });

  it('a mail server that fails: the address unstamped, the job thrown back to the queue to run again', async () => {
    const { newsletter, sent, at } = newsletterOn(client);
    const id = subscriberId('cy@example.com');
    const refusing = (code: number) => ({
      ...newsletter,
      mailer: { send: () => Promise.reject(Object.assign(new Error('refused'), { responseCode: code })) },
    });
    // A 451: it throws (the queue runs the job again), and the address is unstamped, so the next run mails at once.
    await expect(subscribe(refusing(451), 'cy@example.com')).rejects.toThrow(/451/);
    expect((await client.get('subscribers', id, OWNER))?.confirmationSentDate).toBeUndefined();
    expect(await subscribe(newsletter, 'cy@example.com')).toBe('resent');
    expect(sent.map((m) => m.to)).toEqual(['cy@example.com']);
    // A 550 ends the job (trying again would not change it); the form may ask again at once.
    at.now += RESEND_AFTER_MS;
    expect(await subscribe(refusing(550), 'cy@example.com')).toBe('resent');
    expect(await subscribe(newsletter, 'cy@example.com')).toBe('resent');
    expect(sent).toHaveLength(2);
  });

  it("the form's subscribe only checks the address and leaves the rest to the queue", async () => {
    const { newsletter, sent, jobs } = newsletterOn(client);
    await askToSubscribe(newsletter, ' Di@Example.com ', 'es');
    expect(jobs).toEqual([{ email: 'di@example.com', language: 'es' }]);
    expect(await client.count('subscribers', {}, OWNER)).toBe(0);
    expect(sent).toEqual([]);
    await expect(askToSubscribe(newsletter, 'not an address')).rejects.toMatchObject({ status: 400, wde: 'WDE0046' });
    // A queue that cannot take it: the data service's 503.
    const down = { ...newsletter, queue: () => Promise.reject(new Error('database down')) };
    await expect(askToSubscribe(down, 'di@example.com')).rejects.toMatchObject({ status: 503, wde: 'WDE0053' });
    expect(jobs).toHaveLength(1);
  });

  it('counts by week and status, and exports every subscriber as CSV with formulas made inert', async () => {
    const { newsletter, at } = newsletterOn(client);
    await subscribe(newsletter, 'one@example.com');
    await subscribe(newsletter, '+two@example.com');
    at.now += 7 * 24 * 60 * 60 * 1000;
    await subscribe(newsletter, 'three@example.com');
    const id = subscriberId('one@example.com');
    const { request } = (await client.get(confirmationRequests.id, id, OWNER))!;
    await confirm(newsletter, id, confirmToken(KEY, id, String(request), new Date(at.now)));
    expect(await subscriberWeeks(client)).toEqual([
      { week: '2026-W49', pending: 1, confirmed: 0, unsubscribed: 0, bounced: 0 },
      { week: '2026-W48', pending: 1, confirmed: 1, unsubscribed: 0, bounced: 0 },
    ]);
    let csv = '';
    for await (const chunk of subscribersCsv(client)) csv += chunk;
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('email,status,subscribed,confirmed');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2))).toEqual([
      ['one@example.com', 'confirmed'],
      ["'+two@example.com", 'pending'],
      ['three@example.com', 'pending'],
    ]);
  });
});
