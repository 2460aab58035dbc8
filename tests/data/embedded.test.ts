import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER, VISITOR } from '@/lib/data/permissions';
import { dataContract, secrets } from './contract';

// The embedded backend (PGlite) keeps the contract in memory, and keeps its items in its folder across a restart.

dataContract('embedded', () => createEmbeddedBackend());

const folder = mkdtempSync(path.join(tmpdir(), 'data-embedded-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('keeps what it stored across a restart (a closed and reopened folder)', async () => {
  const first = createDataClient({ backend: createEmbeddedBackend(folder), collections: [secrets] });
  const item = await first.insert('secrets', { email: 'kept@example.com' }, VISITOR);
  await first.close();
  const again = createDataClient({ backend: createEmbeddedBackend(folder), collections: [secrets] });
  expect(await again.get('secrets', item._id, OWNER)).toEqual(item);
  await again.close();
}, 60_000);
