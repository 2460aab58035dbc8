import { items } from '@wix/data';
import { ConfigError, checkWixCredentials } from '@/lib/core/config';
import { type CatalogueError, errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
// What the blog source's Wix clients use too: the site's SDK client (its API key), the transport (reroutes
// *.wixapis.com to WIX_API_BASE_URL, retries 429/5xx and network failures) and the mapping of upstream failures to
// catalogue errors.
import { withCallSignal } from '@/lib/wix/call-signal';
import { wixApi } from '@/lib/wix/base-url';
import { siteClient } from '@/lib/wix/sdk-clients';
import { type TransportSettings, UpstreamFailure, transportFor } from '@/lib/wix/transport';
import { readWixJson, redact, toCatalogueError } from '@/lib/wix/upstream';
import { dataErrors } from '../errors';

// The Wix Data Items API v2 (https://www.wixapis.com/wix-data/v2/...) as the site, its API key on every call. The
// calls go through `items` of @wix/data (`call`, `attempt`), its request forms and the SDK's own date codec; the
// three it cannot make as the backend needs are hand-written REST (`post`: aggregate, and the bulk reference
// insert and remove; index.ts says why).
//
// What the SDK does not keep of a refusal, the call's fetch notes: `items` rethrows Wix's error as a new Error with
// only `details` (wix-data-items-common api/ApiClient.js withErrorHandling → api/errors.js parseError), its HTTP
// status dropped, and a 413 as WDE0109 without details. Each call therefore has a fetch of its own over the shared
// transport that keeps the status and body of an answer that is not a 200 (the SDK's test, @wix/sdk
// rest-modules.js): the catalogue error is made from them as before the move. An `UpstreamFailure` of the
// transport (retries spent, deadline passed) comes out of the SDK as it went in.

/** Credentials (API key and site), and the transport's settings (base URL, the fetch under it, retries and backoff). */
export interface WixDataConfig extends TransportSettings {
  /** An API key with the Wix Data permissions (read and write data items). */
  apiKey: string;
  siteId: string;
}

export type Json = Record<string, unknown>;

export const WIX_DATA_API = wixApi('/wix-data/v2');

/**
 * A read, retries included, gives up after this long (502 WDE0053): pages read the data service while they render (a
 * post's series), and a Wix that does not answer must not hold them, as the blog's calls do not (lib/blog/guard.ts).
 * Writes have no such deadline: one cut short may still be done.
 */
export const READ_DEADLINE_MS = 4_000;

export interface WixRequest {
  /** What the call does, for error messages ("query of notes"). */
  what: string;
  collectionId: string;
}

/** Reads are safe to send twice; writes are not (see `createWixDataHttp`). */
export type CallKind = 'read' | 'write';

/** The platform's error envelope: `{ message, details: { applicationError: { code, description } } }`. */
export const applicationCode = (body: unknown): string | undefined => {
  const details = isRecord(body) && isRecord(body.details) ? body.details : {};
  const code = isRecord(details.applicationError) ? details.applicationError.code : undefined;
  return typeof code === 'string' ? code : undefined;
};

/** `items` of @wix/data as the site (its API key), over `fetch`. */
const itemsOver = (fetch: typeof globalThis.fetch, apiKey: string, siteId: string) =>
  siteClient({ items }, fetch, apiKey, siteId).items;

export type ItemsApi = ReturnType<typeof itemsOver>;

/** A Wix Data error code the caller handles itself, answered instead of thrown (WDE0073 not found, WDE0074 exists). */
export interface Tolerated {
  code: string;
}

export function createWixDataHttp(config: WixDataConfig) {
  if (!config.apiKey || !config.siteId) {
    throw new ConfigError('The Wix Data backend needs WIX_API_KEY and WIX_SITE_ID (an API key with Wix Data access)');
  }
  checkWixCredentials({ apiKey: config.apiKey, siteId: config.siteId, apiBaseUrl: config.apiBaseUrl });
  // Reads are retried after a 5xx or a lost answer; writes only after a 429 (refused before any work): a write that
  // failed late may have been stored, and sent again an insert would come back WDE0074 for its own item.
  const transports = { read: transportFor(config), write: transportFor(config, false) };
  const secrets = [config.apiKey];

  /**
   * A Wix refusal as a catalogue error: a collection Wix does not have is WDE0025, a value a unique index holds already
   * (lib/data/indexes) WDE0123, the rest as the blog source's.
   */
  const failure = (request: WixRequest, status: number, body: Json | null): CatalogueError =>
    applicationCode(body) === 'WDE0025'
      ? dataErrors.unknownCollection(request.collectionId)
      : applicationCode(body) === 'WDE0123'
        ? dataErrors.uniqueIndexConflict(request.collectionId)
        : toCatalogueError({ status, response: { status, data: body ?? {} } }, request.what, secrets);

  /** The transport of `kind`, noting what a call sent and the last answer that was not a 200 (its status and body). */
  function observed(kind: CallKind) {
    const seen: { sent: number; refused?: { status: number; body: Json | null } } = { sent: 0 };
    const fetch: typeof globalThis.fetch = async (input, init) => {
      seen.sent += 1;
      const response = await transports[kind](input, init);
      if (response.status !== 200)
        seen.refused = { status: response.status, body: await readWixJson(response.clone()) };
      return response;
    };
    return { fetch, seen };
  }

  /** Runs a read within READ_DEADLINE_MS (the transport stops retrying once it has passed); a write as it is. */
  const timed = <T>(kind: CallKind, run: () => Promise<T>) =>
    kind === 'read' ? withCallSignal(AbortSignal.timeout(READ_DEADLINE_MS), run) : run();

  /**
   * One call of `items`. Its answer, or the code of a refusal in `tolerate`; anything else throws a CatalogueError (a
   * 5xx or 429 only once the transport's retries are spent: 502 WDE0053; an answer the SDK could not read: WDE0055).
   */
  async function attempt<T>(
    kind: CallKind,
    request: WixRequest,
    tolerate: string[],
    run: (api: ItemsApi) => Promise<T>,
  ): Promise<{ value: T } | Tolerated> {
    const { fetch, seen } = observed(kind);
    try {
      return { value: await timed(kind, () => run(itemsOver(fetch, config.apiKey, config.siteId))) };
    } catch (error) {
      if (error instanceof UpstreamFailure) throw error.blogError;
      // The SDK's error keeps Wix's `details` (api/errors.js parseError); the noted body has them too.
      const code = applicationCode(error) ?? applicationCode(seen.refused?.body);
      if (seen.refused && code && tolerate.includes(code)) return { code };
      if (seen.refused) throw failure(request, seen.refused.status, seen.refused.body);
      // Nothing sent: the SDK's own validation refused the arguments, a defect here rather than Wix's answer.
      if (!seen.sent) throw new Error(`the Wix SDK refused ${request.what} before sending it`, { cause: error });
      // A 200 the SDK could not read (not JSON, or not the answer's shape).
      throw errors.upstreamUnparseable(`Wix answered ${request.what} with a body that could not be parsed`);
    }
  }

  /** As `attempt`, tolerating nothing. */
  async function call<T>(kind: CallKind, request: WixRequest, run: (api: ItemsApi) => Promise<T>): Promise<T> {
    return ((await attempt(kind, request, [], run)) as { value: T }).value;
  }

  const rest = {
    read: siteClient({}, transports.read, config.apiKey, config.siteId),
    write: siteClient({}, transports.write, config.apiKey, config.siteId),
  };

  /**
   * One hand-written REST call (POST `path` under /wix-data/v2 with a JSON body, `fetchWithAuth` of an SDK client as
   * the site). A 2xx answers its JSON body; anything else throws as `attempt` does.
   */
  async function post(kind: CallKind, path: string, request: WixRequest & { body: Json }): Promise<Json> {
    let response: Response;
    try {
      const init = {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request.body),
      };
      response = await timed(kind, () => rest[kind].fetchWithAuth(`${WIX_DATA_API}${path}`, init));
    } catch (error) {
      throw toCatalogueError(error, request.what, secrets);
    }
    const body = await readWixJson(response);
    if (!response.ok) throw failure(request, response.status, body);
    if (!body) throw errors.upstreamUnparseable(`Wix answered ${request.what} with a body that could not be parsed`);
    return body;
  }

  /** 502 WDE0053 for a failure Wix reports inside a 200 (a bulk call's per-item errors), credentials redacted. */
  const failed = (message: string) => errors.upstreamFailed(redact(message, secrets));

  return { attempt, call, post, failed };
}

export type WixDataHttp = ReturnType<typeof createWixDataHttp>;
