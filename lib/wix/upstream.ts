import { CatalogueError, errors, isCatalogueError } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { UpstreamFailure } from './transport';

// Turns whatever a Wix SDK call threw into a catalogue CatalogueError. SDK errors carry the HTTP status in
// `response.status` (and, once transformed, in `status`); errors without one come from reading the body.

interface SdkErrorShape {
  status?: unknown;
  response?: { status?: unknown; data?: { message?: unknown } };
}

export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as SdkErrorShape;
  const status = e.response?.status ?? e.status;
  return typeof status === 'number' ? status : undefined;
}

export const isNotFound = (error: unknown) => statusOf(error) === 404;

/** Wix API keys start with `IST.`, OAuth access tokens with `OauthNG.JWS.`. */
const CREDENTIAL = /\b(?:IST|OauthNG)\.[\w.~+/=-]+/g;

export function redact(text: string, secrets: readonly string[]): string {
  let out = text.replace(CREDENTIAL, '[redacted]');
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

function upstreamMessage(error: unknown): string {
  const message = (error as SdkErrorShape).response?.data?.message;
  return typeof message === 'string' && message ? message.slice(0, 300) : 'no message';
}

/** A 400 from Wix on input we already validated: Wix lacks something our query language allows. */
export const upstreamRejected = (message: string) => new CatalogueError(400, 'WDE0044', message);

export function toCatalogueError(error: unknown, what: string, secrets: readonly string[] = []): CatalogueError {
  if (error instanceof UpstreamFailure) return error.blogError;
  if (isCatalogueError(error)) return error;
  const status = statusOf(error);
  if (status === undefined)
    return errors.upstreamUnparseable(`Wix answered ${what} with a body that could not be parsed`);
  const detail = redact(upstreamMessage(error), secrets);
  if (status === 404) return errors.notFound(`${what}: not found on Wix`);
  if (status === 401 || status === 403) {
    return errors.upstreamFailed(
      `Wix refused ${what} (HTTP ${status}): check the Wix credentials (WIX_API_KEY and WIX_SITE_ID, or WIX_CLIENT_ID)`,
    );
  }
  if (status === 413) return errors.payloadTooLarge(`Wix rejected ${what} as too large`);
  if (status === 414) return errors.urlTooLong(`Wix rejected ${what}: URL too long`);
  if (status >= 400 && status < 500 && status !== 429)
    return upstreamRejected(`Wix rejected ${what} (HTTP ${status}): ${detail}`);
  return errors.upstreamFailed(`Wix failed ${what} (HTTP ${status})`);
}

/** A Wix answer's JSON object (an empty body is `{}`), or null when it is not one: the caller decides the rest. */
export async function readWixJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const text = await response.text();
    const body: unknown = text === '' ? {} : JSON.parse(text);
    return isRecord(body) ? body : null;
  } catch {
    return null;
  }
}
