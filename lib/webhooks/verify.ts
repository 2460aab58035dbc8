import { errors as jose, jwtVerify } from 'jose';
import type { KeyObject } from 'node:crypto';
import { webhookErrors } from './errors';

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function reason(error: unknown): string {
  if (error instanceof jose.JWTExpired) return 'the token has expired';
  if (error instanceof jose.JOSEAlgNotAllowed) return 'the token is not signed with RS256';
  if (error instanceof jose.JWSSignatureVerificationFailed) return 'the signature does not match the webhook key';
  if (error instanceof jose.JWTClaimValidationFailed) return `the token's ${error.claim} claim is not acceptable`;
  return 'the token is malformed';
}

/** The payload of a webhook JWT signed RS256 with `key`; anything else is a 401. */
export async function verifyWebhookToken(body: string, key: KeyObject): Promise<unknown> {
  const token = body.trim();
  if (token === '') throw webhookErrors.unauthorized('the request carries no signed token');
  if (!COMPACT_JWS.test(token)) throw webhookErrors.unauthorized('the body is not a signed token');
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['RS256'] });
    return payload;
  } catch (error) {
    throw webhookErrors.unauthorized(`webhook rejected: ${reason(error)}`);
  }
}
