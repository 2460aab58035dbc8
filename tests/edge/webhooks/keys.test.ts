import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@/lib/core/config';
import { checkWebhookKey, pemFromEnv, signingKey, verificationKey } from '@/lib/edge/webhooks/keys';
import { standInKeyEnv, standInSigningKey } from '@/scripts/wix/webhook-keys';
import { privatePem, publicPem, rsaPair } from '../../helpers/webhooks';

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

  it('verifies with WIX_WEBHOOK_PUBLIC_KEY', () => {
    expect(verificationKey(PEM).export({ type: 'spki', format: 'pem' })).toBe(PEM);
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

  // The site keeps no key pair of its own, on either platform: its content folder is watched, not signed for.
  it('has no key without WIX_WEBHOOK_PUBLIC_KEY, and says which variable to set', () => {
    expect(() => verificationKey(undefined)).toThrow(ConfigError);
    expect(() => verificationKey('  ')).toThrow(/WIX_WEBHOOK_PUBLIC_KEY is not set/);
  });

  it('signs with WIX_WEBHOOK_PRIVATE_KEY, and names it when unset', () => {
    const key = signingKey(Buffer.from(privatePem(pair.privateKey)).toString('base64'));
    expect(key.type).toBe('private');
    expect(key.export({ type: 'pkcs8', format: 'pem' })).toBe(privatePem(pair.privateKey));
    expect(() => signingKey(undefined)).toThrow(/WIX_WEBHOOK_PRIVATE_KEY is not set/);
  });
});

describe("the stand-in's pair (the browser tests and the benchmarks sign as Wix does)", () => {
  it('is made once into the environment it is given, for the servers it starts to inherit', () => {
    const env: Record<string, string | undefined> = {};
    const made = standInKeyEnv(env);
    expect(env).toEqual(made);
    expect(standInKeyEnv(env)).toEqual(made);
    const signer = standInSigningKey(env);
    expect(verificationKey(env.WIX_WEBHOOK_PUBLIC_KEY).export({ type: 'spki', format: 'pem' })).toBe(
      publicPem(createPublicKey(signer)),
    );
  });

  it('takes a pair already in the environment as it is', () => {
    const pair = rsaPair();
    const env = {
      WIX_WEBHOOK_PUBLIC_KEY: publicPem(pair.publicKey),
      WIX_WEBHOOK_PRIVATE_KEY: privatePem(pair.privateKey),
    };
    expect(standInKeyEnv({ ...env })).toEqual(env);
  });
});
