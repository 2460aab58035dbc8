import { SignJWT } from 'jose';
import type { KeyObject } from 'node:crypto';
import { encodeEnvelope, type EnvelopeInput } from '@/lib/edge/webhooks/envelope';

export const WEBHOOK_PATH = '/api/webhooks/wix';
const DELIVERY_TIMEOUT_MS = 15_000;

/**
 * The JWT the platform would POST for `event`: RS256, `iat` now and `exp` five minutes on. The site
 * refuses a token without both (lib/edge/webhooks/verify.ts).
 */
export const signEvent = (event: EnvelopeInput, key: KeyObject, expiresIn: string | number = '5m') =>
  new SignJWT(encodeEnvelope(event))
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);

export interface Delivery {
  url: string;
  /** The HTTP status, or 0 when the site could not be reached. */
  status: number;
  body: unknown;
  ms: number;
}

export const deliveredOk = (delivery: Delivery) => delivery.status >= 200 && delivery.status < 300;

/** POSTs a signed token to the site's webhook route. Never throws: an unreachable site is status 0. */
export async function postToken(siteUrl: string, token: string, fetchImpl: typeof fetch = fetch): Promise<Delivery> {
  const url = `${siteUrl.replace(/\/+$/, '')}${WEBHOOK_PATH}`;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: token,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a non-JSON answer is reported as text
    }
    return { url, status: response.status, body, ms: elapsed() };
  } catch (error) {
    return {
      url,
      status: 0,
      body:
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
      ms: elapsed(),
    };
  }
}
