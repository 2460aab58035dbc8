import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { subscribers } from '@/lib/data/collections';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER } from '@/lib/data/permissions';
import { normaliseEmail, subscribe } from '@/lib/newsletter/subscribe';

const folder = mkdtempSync(path.join(tmpdir(), 'subscribe-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const open = () => createDataClient({ backend: createEmbeddedBackend(folder), collections: [subscribers] });

it('50 concurrent subscribes of 25 addresses store exactly 25, and they survive a restart', async () => {
  const client = open();
  const addresses = Array.from({ length: 25 }, (_, i) => `reader${i}@example.com`);
  // Each address twice, the second time as someone might type it.
  const sends = addresses.flatMap((a) => [a, `  ${a.toUpperCase()} `]);
  const answers = await Promise.all(sends.map((email) => subscribe(client, email)));
  expect(answers.filter((a) => a === 'subscribed')).toHaveLength(25);
  expect(answers.filter((a) => a === 'already')).toHaveLength(25);
  expect(await client.count('subscribers', {}, OWNER)).toBe(25);
  await client.close();

  const again = open();
  const stored = await again.query('subscribers', { limit: 100, sort: [{ fieldName: 'email', order: 'ASC' }] }, OWNER);
  expect(stored.items.map((i) => i.email)).toEqual([...addresses].sort());
  expect(stored.items.every((i) => i.status === 'pending')).toBe(true);
  await again.close();
}, 60_000);

it('refuses what is not an address, with a catalogue error', () => {
  for (const bad of ['', 'no-at-sign', 'a@', 42, null, `${'x'.repeat(250)}@example.com`]) {
    expect(() => normaliseEmail(bad), String(bad)).toThrow(expect.objectContaining({ status: 400, wde: 'WDE0046' }));
  }
  expect(normaliseEmail(' Reader@Example.COM ')).toBe('reader@example.com');
});
