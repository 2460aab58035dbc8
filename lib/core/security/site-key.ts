import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A feature's signing key (the newsletter's links, members' sessions and codes), 32 bytes. Derived from SESSION_SECRET
// under the feature's label when it is set (several instances then agree, and no feature's token is another's);
// otherwise a random key kept in DATA_DIR as `<label>.key` (created on first use, 0600), so tokens survive a restart.

export function siteKey(label: string, sessionSecret: string | undefined, dataDir: string): Buffer {
  if (sessionSecret) return createHash('sha256').update(`${label}:${sessionSecret}`).digest();
  const file = path.join(dataDir, `${label}.key`);
  try {
    const kept = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    if (kept.length === 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, key.toString('base64url'), { mode: 0o600 });
  return key;
}
