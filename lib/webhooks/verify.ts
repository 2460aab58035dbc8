import { errors as jose, jwtVerify } from 'jose';
import type { KeyObject } from 'node:crypto';
import { webhookErrors } from './errors';

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * A webhook token must carry `iat` and `exp`, live at most this long (`exp - iat`), and be no older than
 * this (`now - iat`). Event ids are remembered in memory only, so after a restart this is what bounds
 * how long a captured token can be replayed (docs/webhooks.md, "Token claims").
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 10 * 60;
/** How far apart the platform's clock and ours may be, either way, for `iat` and `exp`. */
export const CLOCK_SKEW_SECONDS = 60;

const minutes = (seconds: number) => `${seconds / 60} minutes`;

function reason(error: unknown): string {
  if (error instanceof jose.JWTExpired) {
    return error.claim === 'iat'
      ? `the token was issued more than ${minutes(MAX_TOKEN_LIFETIME_SECONDS)} ago`
      : 'the token has expired';
  }
  if (error instanceof jose.JOSEAlgNotAllowed) return 'the token is not signed with RS256';
  if (error instanceof jose.JWSSignatureVerificationFailed) return 'the signature does not match the webhook key';
  if (error instanceof jose.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return `the token has no "${error.claim}" claim`;
    if (error.reason === 'invalid') return `the token's "${error.claim}" claim is not a number`;
    if (error.claim === 'iat')
      return `the token is issued in the future (more than ${CLOCK_SKEW_SECONDS} s ahead of this server's clock)`;
    return `the token's ${error.claim} claim is not acceptable`;
  }
  return 'the token is malformed';
}

/** The payload of a webhook JWT signed RS256 with `key`, issued recently for a short time; anything else is a 401. */
export async function verifyWebhookToken(body: string, key: KeyObject): Promise<unknown> {
  const token = body.trim();
  if (token === '') throw webhookErrors.unauthorized('the request carries no signed token');
  if (!COMPACT_JWS.test(token)) throw webhookErrors.unauthorized('the body is not a signed token');
  let payload: { iat?: number; exp?: number };
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['RS256'],
      requiredClaims: ['iat', 'exp'],
      maxTokenAge: MAX_TOKEN_LIFETIME_SECONDS,
      clockTolerance: CLOCK_SKEW_SECONDS,
    }));
  } catch (error) {
    throw webhookErrors.unauthorized(`webhook rejected: ${reason(error)}`);
  }
  // jose checks each claim against the clock; the lifetime is the issuer's own choice, checked here.
  const lifetime = payload.exp! - payload.iat!;
  if (lifetime < 0) throw webhookErrors.unauthorized('webhook rejected: the token expires before it is issued');
  if (lifetime > MAX_TOKEN_LIFETIME_SECONDS) {
    throw webhookErrors.unauthorized(
      `webhook rejected: the token is valid for more than ${minutes(MAX_TOKEN_LIFETIME_SECONDS)} (exp - iat)`,
    );
  }
  return payload;
}
