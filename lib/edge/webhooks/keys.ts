import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, mkdtemp, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '@/lib/core/config';

// Where webhook keys come from. The site verifies with WIX_WEBHOOK_PUBLIC_KEY; without it, in local mode,
// the site and the CLI share a pair kept in <content>/.keys/, made by whichever side needs it first.

export const PUBLIC_KEY_VAR = 'WIX_WEBHOOK_PUBLIC_KEY';
export const PRIVATE_KEY_VAR = 'WIX_WEBHOOK_PRIVATE_KEY';
export const KEY_FOLDER = '.keys';
export const PUBLIC_KEY_FILE = 'webhook-public.pem';
export const PRIVATE_KEY_FILE = 'webhook-private.pem';

export interface PemPair {
  publicPem: string;
  privatePem: string;
}

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

export const keyFolder = (contentDir: string) => path.join(path.resolve(contentDir), KEY_FOLDER);

async function readPair(folder: string): Promise<PemPair | null> {
  const read = (file: string) =>
    readFile(path.join(folder, file), 'utf8').catch((error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' ? null : Promise.reject(error),
    );
  const [publicPem, privatePem] = await Promise.all([read(PUBLIC_KEY_FILE), read(PRIVATE_KEY_FILE)]);
  if (publicPem !== null && privatePem !== null) return { publicPem, privatePem };
  if (publicPem !== null || privatePem !== null) {
    throw new ConfigError(`${folder} holds only half of the webhook key pair: delete the folder to make a new pair`);
  }
  return null;
}

async function writeDurably(file: string, text: string, mode: number) {
  const handle = await open(file, 'wx', mode);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The local key pair, generated on first use. Both files appear at once: the folder is built aside and renamed into
 * place.
 */
export async function localKeyPair(contentDir: string): Promise<PemPair> {
  const folder = keyFolder(contentDir);
  const existing = await readPair(folder);
  if (existing) return existing;
  await mkdir(path.dirname(folder), { recursive: true });
  const staging = await mkdtemp(`${folder}-new-`);
  try {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await writeDurably(
      path.join(staging, PRIVATE_KEY_FILE),
      privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      0o600,
    );
    await writeDurably(
      path.join(staging, PUBLIC_KEY_FILE),
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      0o644,
    );
    await writeDurably(path.join(staging, '.gitignore'), '*\n', 0o644);
    await rename(staging, folder).catch((error: NodeJS.ErrnoException) => {
      // Another process won the race: use its pair.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const pair = await readPair(folder);
  if (!pair) throw new ConfigError(`could not create the webhook key pair in ${folder}`);
  return pair;
}

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

export interface KeySettings {
  /** WIX_WEBHOOK_PUBLIC_KEY as configured (lib/core/config). */
  publicKey?: string;
  source: 'local' | 'wix';
  contentDir: string;
}

/** The key that verifies webhook JWTs; a ConfigError names the variable to fix. */
export async function verificationKey({ publicKey, source, contentDir }: KeySettings): Promise<KeyObject> {
  const fromEnv = publicKey?.trim();
  if (fromEnv) return cachedPublicKey(pemFromEnv(fromEnv, PUBLIC_KEY_VAR), PUBLIC_KEY_VAR);
  if (source !== 'local') throw new ConfigError(`${PUBLIC_KEY_VAR} is not set: webhooks cannot be verified`);
  return cachedPublicKey((await localKeyPair(contentDir)).publicPem, `${keyFolder(contentDir)}/${PUBLIC_KEY_FILE}`);
}

/** The key the local CLI signs events with: WIX_WEBHOOK_PRIVATE_KEY, else the content folder's pair. */
export async function signingKey({
  privateKey,
  contentDir,
}: {
  privateKey?: string;
  contentDir: string;
}): Promise<KeyObject> {
  const fromEnv = privateKey?.trim();
  if (fromEnv) return privateKeyFromPem(pemFromEnv(fromEnv, PRIVATE_KEY_VAR), PRIVATE_KEY_VAR);
  return privateKeyFromPem((await localKeyPair(contentDir)).privatePem, `${keyFolder(contentDir)}/${PRIVATE_KEY_FILE}`);
}

/**
 * For the start-up check: a WIX_WEBHOOK_PUBLIC_KEY that is set but unusable stops the server with the variable's name.
 */
export function checkWebhookKey(publicKey: string | undefined): void {
  const fromEnv = publicKey?.trim();
  if (fromEnv) publicKeyFromPem(pemFromEnv(fromEnv, PUBLIC_KEY_VAR), PUBLIC_KEY_VAR);
}
