import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { ConfigError } from '@/lib/core/config';

// Where webhook keys come from: the site verifies Wix's events with the app's public key, WIX_WEBHOOK_PUBLIC_KEY
// (Wix keeps the private one). The site keeps no key pair of its own: on the local platform nothing sends it webhooks,
// for the site watches its content folder (lib/blog/local/watch.ts). WIX_WEBHOOK_PRIVATE_KEY is for the tools that
// stand in for Wix (the benchmarks, the browser tests), which sign events as Wix does.

export const PUBLIC_KEY_VAR = 'WIX_WEBHOOK_PUBLIC_KEY';
export const PRIVATE_KEY_VAR = 'WIX_WEBHOOK_PRIVATE_KEY';

/** PEM text from a variable holding PEM (literal `\n` escapes allowed) or base64 of PEM. */
export function pemFromEnv(value: string, name: string): string {
  const text = value.trim();
  if (text.startsWith('-----BEGIN ')) return text.replace(/\\n/g, '\n');
  const decoded = /^[A-Za-z0-9+/=\s]+$/.test(text) ? Buffer.from(text, 'base64').toString('utf8').trim() : '';
  if (decoded.startsWith('-----BEGIN ')) return decoded;
  throw new ConfigError(`${name} is invalid: expected an RSA key in PEM, or base64 of the PEM`);
}

function rsaKey(make: () => KeyObject, name: string): KeyObject {
  let key: KeyObject;
  try {
    key = make();
  } catch {
    throw new ConfigError(`${name} is invalid: it does not parse as a PEM key`);
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new ConfigError(`${name} is invalid: expected an RSA key, got ${key.asymmetricKeyType ?? 'a secret'}`);
  // jose refuses RS256 with shorter keys: say so at start, not as a 401 on every event.
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
    throw new ConfigError(`${name} is invalid: RS256 needs an RSA key of at least 2048 bits`);
  return key;
}

export const publicKeyFromPem = (pem: string, name = PUBLIC_KEY_VAR) => rsaKey(() => createPublicKey(pem), name);
export const privateKeyFromPem = (pem: string, name = PRIVATE_KEY_VAR) => rsaKey(() => createPrivateKey(pem), name);

const imported = new Map<string, KeyObject>();
const cachedPublicKey = (pem: string, name: string) => {
  let key = imported.get(pem);
  if (!key) {
    key = publicKeyFromPem(pem, name);
    imported.clear();
    imported.set(pem, key);
  }
  return key;
};

/** The key that verifies webhook JWTs: WIX_WEBHOOK_PUBLIC_KEY; a ConfigError names the variable to set or fix. */
export function verificationKey(publicKey: string | undefined): KeyObject {
  const fromEnv = publicKey?.trim();
  if (!fromEnv) throw new ConfigError(`${PUBLIC_KEY_VAR} is not set: webhooks cannot be verified`);
  return cachedPublicKey(pemFromEnv(fromEnv, PUBLIC_KEY_VAR), PUBLIC_KEY_VAR);
}

/** The key a stand-in for Wix signs events with: WIX_WEBHOOK_PRIVATE_KEY. */
export function signingKey(privateKey: string | undefined): KeyObject {
  const fromEnv = privateKey?.trim();
  if (!fromEnv) throw new ConfigError(`${PRIVATE_KEY_VAR} is not set: there is no key to sign events with`);
  return privateKeyFromPem(pemFromEnv(fromEnv, PRIVATE_KEY_VAR), PRIVATE_KEY_VAR);
}

/**
 * For the start-up check: a WIX_WEBHOOK_PUBLIC_KEY that is set but unusable stops the server with the variable's name.
 */
export function checkWebhookKey(publicKey: string | undefined): void {
  const fromEnv = publicKey?.trim();
  if (fromEnv) publicKeyFromPem(pemFromEnv(fromEnv, PUBLIC_KEY_VAR), PUBLIC_KEY_VAR);
}
