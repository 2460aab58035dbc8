import { errors as jose, jwtVerify } from 'jose';
import type { KeyObject } from 'node:crypto';
import { webhookErrors } from './errors';

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

// What Wix signs: an RS256 JWT whose lifetime is Wix's own choice (the one Wix-signed sample in its docs, "Verify
// requests received from Wix", lives 300,000 s: iat 1550936731, exp 1551236731), and a failed delivery is sent again
// for about two days. `@wix/sdk` checks the signature only. So: the signature and `exp` are checked, a lifetime is
// never capped, and a delivery may be as old as WIX_WEBHOOK_MAX_AGE_SECONDS (3 days by default) by its `iat`; a replay
// within that is stopped by its event id (handle.ts), remembered for as long (docs/webhooks.md, "Token claims").
// `iat` is required, as `exp` is: Wix's tokens carry it (the sample above), and a token without it had no age to check,
// so a leaked one stayed good until its `exp`, however far off, and its replay outlived the event ids' memory.

/** How far apart the platform's clock and ours may be, either way, for `iat` and `exp`. */
export const CLOCK_SKEW_SECONDS = 60;

const age = (seconds: number) =>
  seconds % 86_400 === 0 ? `${seconds / 86_400} days` : seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} s`;

function reason(error: unknown): string {
  if (error instanceof jose.JWTExpired) return 'the token has expired';
  if (error instanceof jose.JOSEAlgNotAllowed) return 'the token is not signed with RS256';
  if (error instanceof jose.JWSSignatureVerificationFailed) return 'the signature does not match the webhook key';
  if (error instanceof jose.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return `the token has no "${error.claim}" claim`;
    if (error.reason === 'invalid') return `the token's "${error.claim}" claim is not a number`;
    return `the token's ${error.claim} claim is not acceptable`;
  }
  return 'the token is malformed';
}

/**
 * The payload of a webhook JWT signed RS256 with `key`, not expired, issued (`iat`, required) at most `maxAgeSeconds`
 * ago and not in the future; anything else is a 401.
 */
export async function verifyWebhookToken(body: string, key: KeyObject, maxAgeSeconds: number): Promise<unknown> {
  const token = body.trim();
  if (token === '') throw webhookErrors.unauthorized('the request carries no signed token');
  if (!COMPACT_JWS.test(token)) throw webhookErrors.unauthorized('the body is not a signed token');
  let payload: { iat?: unknown; exp?: number };
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat'],
      clockTolerance: CLOCK_SKEW_SECONDS,
    }));
  } catch (error) {
    throw webhookErrors.unauthorized(`webhook rejected: ${reason(error)}`);
  }
  const { iat, exp } = payload;
  if (typeof iat !== 'number')
    throw webhookErrors.unauthorized('webhook rejected: the token\'s "iat" claim is not a number');
  const now = Math.floor(Date.now() / 1000);
  if (exp! < iat) throw webhookErrors.unauthorized('webhook rejected: the token expires before it is issued');
  if (iat > now + CLOCK_SKEW_SECONDS) {
    throw webhookErrors.unauthorized(
      `webhook rejected: the token is issued in the future (more than ${CLOCK_SKEW_SECONDS} s ahead of this server's clock)`,
    );
  }
  if (now - iat > maxAgeSeconds + CLOCK_SKEW_SECONDS) {
    throw webhookErrors.unauthorized(
      `webhook rejected: the token was issued more than ${age(maxAgeSeconds)} ago (WIX_WEBHOOK_MAX_AGE_SECONDS)`,
    );
  }
  return payload;
}
