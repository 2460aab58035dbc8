import { createClient } from '@wix/sdk';
import { ConfigError, checkWixCredentials } from '@/lib/core/config';
import { type CatalogueError, errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
// What the blog source's Wix client uses too: the API-key strategy, the transport (reroutes *.wixapis.com to
// WIX_API_BASE_URL, retries 429/5xx and network failures) and the mapping of upstream failures to catalogue errors.
import { apiKeyAuth } from '@/lib/wix/auth';
import { withCallSignal } from '@/lib/wix/call-signal';
import { wixApi } from '@/lib/wix/base-url';
import { type TransportSettings, transportFor } from '@/lib/wix/transport';
import { readWixJson, redact, toCatalogueError } from '@/lib/wix/upstream';
import { dataErrors } from '../errors';

// The Wix Data Items REST API v2 (https://www.wixapis.com/wix-data/v2/...) through the @wix/sdk client: its API-key
// auth headers and its fetch (the shared transport). The calls are made with `fetchWithAuth` in the platform's REST
// shapes: the items module of @wix/data wraps the same endpoints in a query builder with its own validation and date
// conversion, which would stand between the parsed filter tree and the wire.

/** Credentials (API key and site), and the transport's settings (base URL, the fetch under it, retries and backoff). */
export interface WixDataConfig extends TransportSettings {
  /** An API key with the Wix Data permissions (read and write data items). */
  apiKey: string;
  siteId: string;
}

export type Json = Record<string, unknown>;

export const WIX_DATA_API = wixApi('/wix-data/v2');

/** The calls sent as POST that only read: safe to send twice. */
const READ_PATHS = new Set([
  '/items/query',
  '/items/count',
  '/items/query-distinct-values',
  '/items/aggregate',
  '/items/query-referenced',
  '/items/is-referenced',
]);

/**
 * A read, retries included, gives up after this long (502 WDE0053): pages read the data service while they render (a
 * post's series), and a Wix that does not answer must not hold them, as the blog's calls do not (lib/blog/guard.ts).
 * Writes have no such deadline: one cut short may still be done.
 */
export const READ_DEADLINE_MS = 4_000;

export interface WixAnswer {
  status: number;
  /** The Wix Data error code of a tolerated failure (`details.applicationError.code`). */
  code?: string;
  body: Json;
}

export interface WixRequest {
  /** What the call does, for error messages ("query of notes"). */
  what: string;
  collectionId: string;
  body?: Json;
  query?: Record<string, string>;
  /** Wix Data error codes the caller handles itself (WDE0073 not found, WDE0074 exists): answered, not thrown. */
  tolerate?: string[];
}

/** The platform's error envelope: `{ message, details: { applicationError: { code, description } } }`. */
export const applicationCode = (body: unknown): string | undefined => {
  const details = isRecord(body) && isRecord(body.details) ? body.details : {};
  const code = isRecord(details.applicationError) ? details.applicationError.code : undefined;
  return typeof code === 'string' ? code : undefined;
};

export function createWixDataHttp(config: WixDataConfig) {
  if (!config.apiKey || !config.siteId) {
    throw new ConfigError('The Wix Data backend needs WIX_API_KEY and WIX_SITE_ID (an API key with Wix Data access)');
  }
  checkWixCredentials({ apiKey: config.apiKey, siteId: config.siteId, apiBaseUrl: config.apiBaseUrl });
  const auth = apiKeyAuth(config.apiKey, config.siteId);
  // Reads are retried after a 5xx or a lost answer; writes only after a 429 (refused before any work): a write that
  // failed late may have been stored, and sent again an insert would come back WDE0074 for its own item.
  const reads = createClient({ auth, fetch: transportFor(config) });
  const writes = createClient({ auth, fetch: transportFor(config, false) });
  const secrets = [config.apiKey];

  /** A Wix refusal as a catalogue error: a collection Wix does not have is WDE0025, the rest as the blog source's. */
  const failure = (request: WixRequest, status: number, body: Json | null): CatalogueError =>
    applicationCode(body) === 'WDE0025'
      ? dataErrors.unknownCollection(request.collectionId)
      : toCatalogueError({ status, response: { status, data: body ?? {} } }, request.what, secrets);

  /**
   * One REST call. A 2xx answers its JSON body; a failure whose code the caller tolerates answers too; anything else
   * throws a CatalogueError (a 5xx or 429 only once the transport's retries are spent: 502 WDE0053).
   */
  async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, request: WixRequest) {
    const search = request.query ? `?${new URLSearchParams(request.query)}` : '';
    let response: Response;
    try {
      const read = method === 'GET' || READ_PATHS.has(path);
      const call = () =>
        (read ? reads : writes).fetchWithAuth(`${WIX_DATA_API}${path}${search}`, {
          method,
          ...(request.body && {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(request.body),
          }),
        });
      response = read ? await withCallSignal(AbortSignal.timeout(READ_DEADLINE_MS), call) : await call();
    } catch (error) {
      throw toCatalogueError(error, request.what, secrets);
    }
    const body = await readWixJson(response);
    if (response.ok) {
      if (!body) throw errors.upstreamUnparseable(`Wix answered ${request.what} with a body that could not be parsed`);
      return { status: response.status, body } satisfies WixAnswer;
    }
    const code = applicationCode(body);
    if (body && code && request.tolerate?.includes(code)) return { status: response.status, code, body };
    throw failure(request, response.status, body);
  }

  /** 502 WDE0053 for a failure Wix reports inside a 200 (a bulk call's per-item errors), credentials redacted. */
  const failed = (message: string) => errors.upstreamFailed(redact(message, secrets));

  return { send, failed };
}

export type WixDataHttp = ReturnType<typeof createWixDataHttp>;
