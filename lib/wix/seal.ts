import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

// Small secrets the site hands to a browser and takes back (a member's session, a login page's state, a visitor's
// Wix refresh token), sealed with AES-256-GCM: nobody who reads the cookie learns what it holds, and a changed byte
// fails to open. The key is derived from the feature's key and the seal's purpose, so one kind never opens as another.
//
//   <prefix>.<iv: 12 bytes>.<ciphertext>.<tag: 16 bytes>      each part base64url, the text UTF-8
//
// With `bindPrefix` the prefix is the cipher's associated data as well (the members' `w1` and `l1`); without it there
// is none (the likes' `v1`). Both are formats already in browsers: a sealed value keeps opening across releases.

export interface SealSettings {
  /** The feature's key. */
  secret: string;
  /** What the seal is for: the key is HMAC-SHA256(secret, purpose). */
  purpose: string;
  /** The sealed text's first part (its format's version), e.g. `v1`. */
  prefix: string;
  /** Authenticate the prefix as associated data. */
  bindPrefix?: boolean;
  /** Longer sealed text is refused unread. */
  maxLength: number;
}

export interface Sealer {
  seal(text: string): string;
  /** The text sealed, or null: not sealed by this sealer (another key, purpose or prefix), changed, or too long. */
  open(sealed: unknown): string | null;
}

export function sealer({ secret, purpose, prefix, bindPrefix = false, maxLength }: SealSettings): Sealer {
  if (!/^\w+$/.test(prefix)) throw new Error('a seal prefix is word characters only');
  const key = createHmac('sha256', secret).update(purpose).digest();
  const shape = new RegExp(`^${prefix}\\.([\\w-]{16})\\.([\\w-]+)\\.([\\w-]{22})$`);
  const aad = bindPrefix ? Buffer.from(prefix) : null;

  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      if (aad) cipher.setAAD(aad);
      const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [prefix, ...[iv, data, cipher.getAuthTag()].map((part) => part.toString('base64url'))].join('.');
    },
    open(sealed) {
      if (typeof sealed !== 'string' || sealed.length > maxLength) return null;
      const match = shape.exec(sealed);
      if (!match) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(match[1]!, 'base64url'));
        if (aad) decipher.setAAD(aad);
        decipher.setAuthTag(Buffer.from(match[3]!, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(match[2]!, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
