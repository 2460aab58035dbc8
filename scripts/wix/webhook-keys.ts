import { generateKeyPairSync } from 'node:crypto';
import { PRIVATE_KEY_VAR, PUBLIC_KEY_VAR, signingKey } from '../../lib/edge/webhooks/keys';

// The webhook key pair of what stands in for Wix (the browser tests, the benchmarks): Wix signs its events with its
// app's private key and the site verifies them with the public one, WIX_WEBHOOK_PUBLIC_KEY. Both are taken from the
// environment when set, else made once and put there, so that what this process starts (a server, Playwright's
// workers) inherits the pair, and the site verifies what the stand-in signs.

type Env = Record<string, string | undefined>;

/** The pair as the two variables, made and put into `env` if it lacks either. */
export function standInKeyEnv(env: Env = process.env): {
  WIX_WEBHOOK_PUBLIC_KEY: string;
  WIX_WEBHOOK_PRIVATE_KEY: string;
} {
  if (!env[PUBLIC_KEY_VAR]?.trim() || !env[PRIVATE_KEY_VAR]?.trim()) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    env[PUBLIC_KEY_VAR] = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    env[PRIVATE_KEY_VAR] = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }
  return { WIX_WEBHOOK_PUBLIC_KEY: env[PUBLIC_KEY_VAR]!, WIX_WEBHOOK_PRIVATE_KEY: env[PRIVATE_KEY_VAR]! };
}

/** The key the stand-in signs events with (the pair's private half). */
export const standInSigningKey = (env?: Env) => signingKey(standInKeyEnv(env).WIX_WEBHOOK_PRIVATE_KEY);
