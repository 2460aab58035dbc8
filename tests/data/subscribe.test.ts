import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type DataClient, createDataClient } from '@/lib/data/client';
import { subscribers } from '@/lib/data/collections';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER } from '@/lib/data/permissions';
import type { Mail, Mailer } from '@/lib/core/mail';
import { confirmToken } from '@/lib/newsletter/key';
import { subscriberWeeks, subscribersCsv } from '@/lib/newsletter/report';
import {
  type Newsletter,
  RESEND_AFTER_MS,
  confirm,
  isoWeek,
  normaliseEmail,
  subscribe,
  subscriberId,
} from '@/lib/newsletter/subscribe';

const folder = mkdtempSync(path.join(tmpdir(), 'subscribe-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const open = () => createDataClient({ backend: createEmbeddedBackend(folder), collections: [subscribers] });

const KEY = Buffer.alloc(32, 7);

function newsletterOn(client: DataClient, at = { now: Date.UTC(2026, 10, 24, 12) }) {
  const sent: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => (sent.push(mail), { messageId: `<${sent.length}@test>` }) };
  const newsletter: Newsletter = {
    client,
    mailer,
    siteUrl: 'https://blog.example',
    key: KEY,
    now: () => new Date(at.now),
  };
  return { newsletter, sent, at };
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
    client = createDataClient({ backend: createEmbeddedBackend(), collections: [subscribers] });
    return () => client.close();
  });

  it('confirms by the mailed link, once, and refuses a link that is forged, for another address or too old', async () => {
    const { newsletter, sent, at } = newsletterOn(client);
    expect(await subscribe(newsletter, 'Ada@Example.com')).toBe('sent');
    const link = linkIn(sent[0]!);
    expect(sent[0]).toMatchObject({ to: 'ada@example.com', subject: expect.stringContaining('Confirm') });
    const id = link.searchParams.get('s')!;
    const token = link.searchParams.get('t')!;
    expect(id).toBe(subscriberId('ada@example.com'));

    const other = subscriberId('eve@example.com');
    expect(await confirm(newsletter, other, token)).toBe('invalid');
    expect(await confirm(newsletter, id, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe('invalid');
    expect(await confirm(newsletter, id, confirmToken(Buffer.alloc(32, 8), id, new Date(at.now)))).toBe('invalid');
    expect(await confirm(newsletter, [id], token)).toBe('invalid');
    expect((await client.get('subscribers', id, OWNER))?.status).toBe('pending');

    expect(await confirm(newsletter, id, token)).toBe('confirmed');
    const confirmed = await client.get('subscribers', id, OWNER);
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmedDate: new Date(at.now).toISOString() });
    expect(await confirm(newsletter, id, token)).toBe('confirmed');
    expect(await client.get('subscribers', id, OWNER)).toEqual(confirmed);
    expect(await subscribe(newsletter, 'ada@example.com')).toBe('already-confirmed');
    expect(sent).toHaveLength(1);

    expect(await subscribe(newsletter, 'late@example.com')).toBe('sent');
    const late = linkIn(sent[1]!);
    at.now += 7 * 24 * 60 * 60 * 1000 + 60_000;
    expect(await confirm(newsletter, late.searchParams.get('s'), late.searchParams.get('t'))).toBe('invalid');
  });

  it('mails a pending address again only after a while, and unstamps a mail that failed', async () => {
    const { newsletter, sent, at } = newsletterOn(client);
    await subscribe(newsletter, 'bo@example.com');
    expect(await subscribe(newsletter, 'bo@example.com')).toBe('recently-sent');
    at.now += RESEND_AFTER_MS;
    expect(await subscribe(newsletter, 'bo@example.com')).toBe('resent');
    expect(sent).toHaveLength(2);

    const failing = { ...newsletter, mailer: { send: () => Promise.reject(new Error('smtp down')) } };
    at.now += RESEND_AFTER_MS;
    await expect(subscribe(failing, 'bo@example.com')).rejects.toMatchObject({ status: 502, wde: 'WDE0053' });
    // The next request tries again at once.
    expect(await subscribe(newsletter, 'bo@example.com')).toBe('resent');
  });

  it('counts by week and status, and exports every subscriber as CSV with formulas made inert', async () => {
    const { newsletter, at } = newsletterOn(client);
    await subscribe(newsletter, 'one@example.com');
    await subscribe(newsletter, '+two@example.com');
    at.now += 7 * 24 * 60 * 60 * 1000;
    await subscribe(newsletter, 'three@example.com');
    const id = subscriberId('one@example.com');
    await confirm(newsletter, id, confirmToken(KEY, id, new Date(at.now)));
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
