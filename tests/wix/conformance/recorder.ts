import { ApiKeyStrategy, createClient } from '@wix/sdk';
import { vi } from 'vitest';

// The conformance suite's one transport: a `fetch` that records every request and answers it from a fixture. Our
// code gets it as its transport's `fetch` (TransportSettings.fetch, no WIX_API_BASE_URL, so it aims at
// www.wixapis.com as in production); the official SDK functions get it as createClient's `fetch` (and, for
// OAuthStrategy, whose token and redirect-session calls use the global fetch, as the global `fetch`). Both sides'
// requests are then reduced to what Wix acts on (`wire`) and compared.
//
// What is normalised away, as it legitimately differs or carries no meaning:
// - the host (www.wixapis.com on both sides today; a base URL would only change the origin);
// - the headers: auth (API key + wix-site-id, or an OAuth access token) and the SDK's `x-wix-bi-gateway` telemetry.
//   Tests that care who calls read `authorization` from `Recorded` themselves;
// - JSON key order (bodies are compared parsed) and the order of distinct query parameters (a repeated one keeps its
//   values' order: `fieldsets=URL&fieldsets=SEO` is a list);
// - the SDK's GET form of a query RPC: `GET …/query?.r=<base64 JSON>` carries the POST body in `.r`; it is decoded
//   into `body` (the method stays GET, so a test still sees and names that difference).

export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** What a fixture answers: 200 with a JSON body unless told otherwise. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  method: string;
  /** The URL path (exact) or a pattern it matches. */
  path: string | RegExp;
  reply: Reply | ((request: Recorded) => Reply);
}

/** A request as Wix reads it: method, path (as sent, encoded), query (decoded, a list per name), parsed JSON body. */
export interface Wire {
  method: string;
  path: string;
  query: Record<string, string[]>;
  body: unknown;
}

export const route = (method: string, path: string | RegExp, reply: Route['reply']): Route => ({
  method,
  path,
  reply,
});

const matches = (r: Route, request: Recorded) =>
  r.method === request.method &&
  (typeof r.path === 'string' ? r.path === request.url.pathname : r.path.test(request.url.pathname));

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The recorder: `fetch` for both sides, `requests` as sent, `calls(run)` the wire requests `run` made. */
export function recorder(...routes: Route[]) {
  const requests: Recorded[] = [];

  const recordingFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? new Request(input, init) : new Request(String(input), init);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    const recorded: Recorded = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: parse(text),
    };
    requests.push(recorded);
    // The newest route wins, so a test can override a default one.
    const found = [...routes].reverse().find((r) => matches(r, recorded));
    if (!found) throw new Error(`conformance: no fixture for ${recorded.method} ${recorded.url.pathname}`);
    const reply = typeof found.reply === 'function' ? found.reply(recorded) : found.reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };

  /**
   * Runs `run` and answers the requests it made, in order, as `wire`s. Token grants (POST /oauth2/token) are left out
   * unless `tokens` is set: they are how a call gets its credentials, not the operation compared.
   */
  async function calls(run: () => Promise<unknown>, options: { tokens?: boolean } = {}): Promise<Wire[]> {
    const start = requests.length;
    await run();
    return requests
      .slice(start)
      .filter((r) => options.tokens || r.url.pathname !== '/oauth2/token')
      .map(wire);
  }

  /** As `calls`, for an operation that makes exactly one request: that request. */
  async function one(run: () => Promise<unknown>, options: { tokens?: boolean } = {}): Promise<Wire> {
    const made = await calls(run, options);
    if (made.length !== 1) {
      throw new Error(`conformance: expected one request, got ${made.length}: ${JSON.stringify(made, null, 1)}`);
    }
    return made[0]!;
  }

  /** The recorder's fetch as the global fetch too (OAuthStrategy's token and redirect-session calls use it). */
  const asGlobal = () => vi.stubGlobal('fetch', recordingFetch);

  return { fetch: recordingFetch, requests, calls, one, asGlobal, routes };
}

export type Recorder = ReturnType<typeof recorder>;

/** A recorded request reduced to what Wix acts on (see the top of this file). */
export function wire(request: Recorded): Wire {
  const query: Record<string, string[]> = {};
  let body = request.body;
  for (const [name, value] of request.url.searchParams) {
    if (name === '.r' && request.method === 'GET') {
      body = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
      continue;
    }
    (query[name] ??= []).push(value);
  }
  const sorted = Object.fromEntries(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
  return { method: request.method, path: request.url.pathname, query: sorted, body };
}

/** A query without these names: how a test states that one side sends parameters the other does not. */
export function without(query: Record<string, string[]>, ...names: string[]): Record<string, string[]> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => !names.includes(name)));
}

/** The site's API-key credentials, on both sides. */
export const API_KEY = 'IST.conformance-api-key';
export const SITE_ID = 'conformance-site-0001';
export const CLIENT_ID = 'conformance-client-0001';

/** An SDK client as the site (ApiKeyStrategy), every request through the recorder. */
export function sdkClient<M extends Record<string, unknown>>(modules: M, rec: Recorder) {
  return createClient({ modules, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }), fetch: rec.fetch });
}

/** Our side's transport settings: the recorder under the shared transport, no retries, no base URL. */
export const transportOf = (rec: Recorder) => ({ fetch: rec.fetch, retries: 0, retryBaseMs: 1 });
