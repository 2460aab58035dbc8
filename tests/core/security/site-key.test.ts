import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { siteKey } from '@/lib/core/security/site-key';

const dir = mkdtempSync(path.join(tmpdir(), 'site-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('derives one key per label from SESSION_SECRET, the same on every instance', () => {
  const secret = 's'.repeat(40);
  expect(siteKey('newsletter', secret, dir)).toEqual(siteKey('newsletter', secret, '/elsewhere'));
  expect(siteKey('newsletter', secret, dir)).not.toEqual(siteKey('members', secret, dir));
  expect(siteKey('newsletter', secret, dir)).toHaveLength(32);
});

it('without SESSION_SECRET keeps a random key per label in DATA_DIR, readable by its owner only', () => {
  const first = siteKey('members', undefined, dir);
  expect(siteKey('members', undefined, dir)).toEqual(first);
  expect(siteKey('newsletter', undefined, dir)).not.toEqual(first);
  expect(statSync(path.join(dir, 'members.key')).mode & 0o777).toBe(0o600);
});
