import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { revalidateTag } from 'next/cache';
import { vi } from 'vitest';
import { entityEvent } from '@/scripts/wix/events';
import { signEvent } from '@/scripts/wix/deliver';
import { encodeEnvelope, type EnvelopeInput } from '@/lib/edge/webhooks/envelope';
import { withSite } from './site';

export const WEBHOOK_URL = 'http://localhost:3000/api/webhooks/wix';

export const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
export const publicPem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();
export const privatePem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

export const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export const webhookRequest = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(WEBHOOK_URL, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain', ...headers },
    duplex: 'half',
  } as RequestInit);

export const routeContext = { params: Promise.resolve({}) } as never;

export const postUpdated = (id = 'post-1') =>
  entityEvent('post', 'updated', { id, slug: `slug-${id}`, title: 'A title' });

export const signed = (event: EnvelopeInput, key: KeyObject, expiresIn?: string | number) =>
  signEvent(event, key, expiresIn);

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An RS256 token for `event` with exactly these registered claims (absent ones are left out). */
export function signedWithClaims(event: EnvelopeInput, key: KeyObject, claims: { iat?: unknown; exp?: unknown }) {
  const payload: Record<string, unknown> = { ...encodeEnvelope(event) };
  if (claims.iat !== undefined) payload.iat = claims.iat;
  if (claims.exp !== undefined) payload.exp = claims.exp;
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(key);
}

export const revalidated = () => vi.mocked(revalidateTag).mock.calls;

/** Silences the route's log lines and returns them parsed. */
export function captureLogs() {
  const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
  return () => spy.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
}

export async function errorOf(response: Response) {
  const body = (await response.json()) as { error: { code: string; wde: string; message: string } };
  return { status: response.status, ...body.error };
}

/** The webhook route over an empty local content folder, verifying with a fresh key pair. */
export async function webhookSite(name: string) {
  const keys = rsaPair();
  withSite({ WIX_WEBHOOK_PUBLIC_KEY: publicPem(keys.publicKey) }, { content: true, name: `webhook-${name}` });
  const { POST } = await import('@/app/api/webhooks/wix/route');
  return { keys, POST };
}
