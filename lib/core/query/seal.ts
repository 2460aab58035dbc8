import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/core/config';
import { isRecord } from '@/lib/core/json';

// Opaque, tamper-evident tokens for paging cursors: base64url(JSON) + "." + HMAC. Keyed by SESSION_SECRET when set (so
// every instance and a restart accept the cursors); otherwise a random key per process (cursors then end with it).

let key: Buffer | undefined;
const sealKey = () => {
  const secret = config().sessionSecret;
  return (key ??= secret ? Buffer.from(`cursor:${secret}`) : randomBytes(32));
};

const sign = (body: string) =>
  createHmac('sha256', sealKey()).update(body).digest().subarray(0, 18).toString('base64url');

export function seal(value: unknown): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${sign(body)}`;
}

/** The sealed value, or undefined when the token is malformed or was not sealed here (with this key). */
export function unseal(token: string): unknown {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** JSON with object keys sorted, so that two spellings of one filter compare equal (inputs are validated: bounded). */
export const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
