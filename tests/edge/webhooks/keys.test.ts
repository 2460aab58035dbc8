import { generateKeyPairSync } from 'node:crypto';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '@/lib/core/config';
import { checkWebhookKey, localKeyPair, pemFromEnv, signingKey, verificationKey } from '@/lib/edge/webhooks/keys';
import { privatePem, publicPem, rsaPair } from '../../helpers/webhooks';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'webhook-keys-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('local key pair', () => {
  it('is made once, private key readable by its owner only, and git-ignored', async () => {
    const dir = scratch();
    const first = await localKeyPair(dir);
    const again = await localKeyPair(dir);
    expect(again).toEqual(first);
    const keys = path.join(dir, '.keys');
    expect(statSync(path.join(keys, 'webhook-private.pem')).mode & 0o777).toBe(0o600);
    expect(statSync(keys).mode & 0o777).toBe(0o700);
    expect(readFileSync(path.join(keys, '.gitignore'), 'utf8')).toBe('*\n');
    expect(first.publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(readdirSync(dir)).toEqual(['.keys']);
  });

  it('comes out as one pair when both sides race to make it', async () => {
    const dir = scratch();
    const pairs = await Promise.all(Array.from({ length: 4 }, () => localKeyPair(dir)));
    expect(new Set(pairs.map((p) => p.privatePem)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.publicPem)).size).toBe(1);
    expect(readdirSync(dir)).toEqual(['.keys']);
  });

  it('is what the site verifies with and the CLI signs with, in local mode', async () => {
    const dir = scratch();
    const verify = await verificationKey({ source: 'local', contentDir: dir });
    const sign = await signingKey({ contentDir: dir });
    expect(verify.export({ type: 'spki', format: 'pem' })).toBe(
      createPublicKey(sign).export({ type: 'spki', format: 'pem' }),
    );
  });

  it('refuses half a pair', async () => {
    const dir = scratch();
    mkdirSync(path.join(dir, '.keys'));
    writeFileSync(path.join(dir, '.keys', 'webhook-public.pem'), publicPem(rsaPair().publicKey));
    await expect(localKeyPair(dir)).rejects.toThrow(/only half of the webhook key pair/);
  });
});

describe('keys from the environment', () => {
  const pair = rsaPair();
  const PEM = publicPem(pair.publicKey);

  it('reads PEM, PEM with \\n escapes, and base64 of PEM', () => {
    expect(pemFromEnv(PEM, 'X')).toBe(PEM.trim());
    expect(pemFromEnv(PEM.trim().replace(/\n/g, '\\n'), 'X')).toBe(PEM.trim());
    expect(pemFromEnv(Buffer.from(PEM).toString('base64'), 'X')).toBe(PEM.trim());
  });

  it('names the variable when the value is not a key', () => {
    expect(() => pemFromEnv('hunter2', 'WIX_WEBHOOK_PUBLIC_KEY')).toThrow(ConfigError);
    expect(() => pemFromEnv('hunter2', 'WIX_WEBHOOK_PUBLIC_KEY')).toThrow(/WIX_WEBHOOK_PUBLIC_KEY is invalid/);
  });

  it('prefers WIX_WEBHOOK_PUBLIC_KEY over the local pair and writes no files then', async () => {
    const dir = scratch();
    const key = await verificationKey({ publicKey: PEM, source: 'local', contentDir: dir });
    expect(key.export({ type: 'spki', format: 'pem' })).toBe(PEM);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('checks the variable at start-up: unset or a good key passes, anything else names it', () => {
    expect(() => checkWebhookKey(undefined)).not.toThrow();
    expect(() => checkWebhookKey(PEM)).not.toThrow();
    expect(() => checkWebhookKey('-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----')).toThrow(
      /^WIX_WEBHOOK_PUBLIC_KEY is invalid/,
    );
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    expect(() => checkWebhookKey(short)).toThrow(/at least 2048 bits/);
  });

  it('has no key in Wix mode without WIX_WEBHOOK_PUBLIC_KEY', async () => {
    await expect(verificationKey({ source: 'wix', contentDir: scratch() })).rejects.toThrow(
      /WIX_WEBHOOK_PUBLIC_KEY is not set/,
    );
  });

  it('signs with WIX_WEBHOOK_PRIVATE_KEY when set', async () => {
    const key = await signingKey({
      privateKey: Buffer.from(privatePem(pair.privateKey)).toString('base64'),
      contentDir: scratch(),
    });
    expect(key.type).toBe('private');
    expect(key.export({ type: 'pkcs8', format: 'pem' })).toBe(privatePem(pair.privateKey));
  });
});
