import { readFile } from 'node:fs/promises';
import { getResponse } from 'msw';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { blogApi } from './stand-in-blog';
import { createComments } from './stand-in-comments';
import { createDrafts } from './stand-in-drafts';
import { createCms } from './stand-in-data';
import { createMedia, UPLOAD_PATH } from './stand-in-media';
import { createMembers, type StandInMember } from './stand-in-members';
import { createPlans, type StandInPlan } from './stand-in-plans';
import { type Answer, type Call, type Caller, type Json, notFound } from './stand-in-shared';

// A stand-in for www.wixapis.com: a Wix site with a Blog, members, Pricing Plans, comments and a CMS, answering as the
// official SDK documents Wix (each part cites the files it follows). One stand-in for every use:
// - served on 127.0.0.1 (`startWixStandIn`): the bench's upstream-fault figure, the Wix-mode build and its browser
//   suite (scripts/ci/wix-site.ts), the CLI's tests;
// - in process (`createWixStandIn(...).fetch`, a Request in and a Response out), for a test's fetch interceptor.
// The parts: the Blog from a content folder (stand-in-blog.ts) and its drafts (stand-in-drafts.ts: every lifecycle
// action, publishing into the Blog); the Data Collections and Items calls from memory
// (stand-in-data.ts: a bare site's CMS has only Wix's own collections until one is created); the OAuth app, Wix's
// hosted login page and the Members API (stand-in-members.ts); Pricing Plans (stand-in-plans.ts); the Comments API
// under each post's referenceId (stand-in-comments.ts); the Media Manager's files and their uploads
// (stand-in-media.ts). Who calls is read from the `authorization` header: the site's API key, or an access token the
// stand-in issued to a visitor or a member.
// Told to fail (`setMode`), every answer over HTTP is a 500, a 429, no answer at all, or malformed JSON.

export type Mode = 'ok' | '500' | '429' | 'hang' | 'malformed';

export interface StandIn {
  url: string;
  port: number;
  mode: Mode;
  setMode(mode: Mode): void;
  /** The ids of the CMS's collections (Wix's own too). */
  collections(): string[];
  /** Requests answered, by path, and paths it did not know. */
  seen: Map<string, number>;
  unknown: Set<string>;
  close(): Promise<void>;
}

export interface StandInOptions {
  port?: number;
  /** Collections the site's CMS holds from the start, besides Wix's own (default none: a bare site). */
  collections?: Json[];
  /** Posts besides the content folder's (a paid post, say), in the folder's shape. */
  posts?: Json[];
  /** Members besides the content folder's authors (who have no password): those who can sign in have one. */
  members?: StandInMember[];
  plans?: StandInPlan[];
  /** The OAuth app's client id (any when unset) and the site's API key (any other header is the key when unset). */
  clientId?: string;
  apiKey?: string;
  /** The site id the CMS takes (`wix-site-id`; any when unset). */
  siteId?: string;
  /** New comments wait for the site's approval (PENDING). */
  moderateComments?: boolean;
  /** Drafts the Blog holds from the start, in DraftPost's wire shape (a writer's, IN_REVIEW, say). */
  drafts?: Json[];
}

/** The stand-in's answers, in process: `fetch` takes a Request to any host and answers as Wix would. */
export async function createWixStandIn(contentDir: string, options: StandInOptions = {}) {
  // The folder's authors are the site's members (public profiles; none signs in).
  const authors = await readFile(path.join(contentDir, 'authors.json'), 'utf8').then(
    (text) => JSON.parse(text) as StandInMember[],
    () => [] as StandInMember[],
  );
  const members = createMembers([...authors, ...(options.members ?? [])], options);
  const blog = await blogApi(contentDir, { posts: options.posts, members });
  const cms = createCms(options.collections ?? [], { apiKey: options.apiKey, siteId: options.siteId });
  const plans = createPlans(options.plans ?? [], members);
  const comments = createComments(blog.hasReference, { moderate: options.moderateComments });
  const drafts = createDrafts(blog, options.drafts, { isMember: (id) => members.member(id) !== undefined });
  const media = createMedia();
  const unknown = new Set<string>();

  function answerOf(call: Call): Answer {
    const answered =
      members.answer(call) ?? plans(call) ?? comments(call) ?? drafts(call) ?? media.answer(call) ?? blog.answer(call);
    if (answered) return answered;
    unknown.add(`${call.method} ${call.route}`);
    return notFound(call.route);
  }

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/wix-data/v2/')) {
      const answered = await getResponse(cms.handlers, request);
      if (answered) return answered;
      unknown.add(`${request.method} ${url.pathname}`);
      return Response.json(notFound(url.pathname).body, { status: 404 });
    }
    // An upload's bytes (Wix's Upload API, at the address generateFileUploadUrl gave): not JSON.
    if (url.pathname.startsWith(UPLOAD_PATH)) return media.upload(request);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const form = (request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
    let body: Json = {};
    try {
      body = text && !form ? (JSON.parse(text) as Json) : {};
    } catch {
      return Response.json({ message: 'the body is not JSON' }, { status: 400 });
    }
    const caller: Caller = members.caller(request.headers.get('authorization'));
    const answer = answerOf({
      method: request.method,
      // The Blog's calls come as /blog/v3/… or /_api/…/v3/…, the rest as they are.
      route: url.pathname.replace(/^\/(?:blog|_api)(?=\/v\d)/, ''),
      query: url.searchParams,
      body,
      form: new URLSearchParams(form ? text : ''),
      caller,
      origin: url.origin,
    });
    const headers = new Headers(answer.headers);
    if (answer.text !== undefined) return new Response(answer.text, { status: answer.status, headers });
    if (answer.body === undefined) return new Response(null, { status: answer.status, headers });
    headers.set('content-type', 'application/json');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
  }

  return { fetch, unknown, cms, collections: () => cms.ids(), close: () => cms.close() };
}

export async function startWixStandIn(contentDir: string, options: StandInOptions = {}): Promise<StandIn> {
  const port = options.port ?? 0;
  const standIn = await createWixStandIn(contentDir, options);
  const hanging = new Set<ServerResponse>();
  const state = { mode: 'ok' as Mode };
  const seen = new Map<string, number>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const response = await standIn.fetch(
      new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
        method: req.method,
        headers,
        ...(hasBody && { body: Buffer.concat(chunks) }),
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  const server = createServer((req, res) => {
    const key = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    switch (state.mode) {
      case '500':
        return send(res, 500, { message: 'internal error (bench fault)' });
      case '429':
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        return res.end(JSON.stringify({ message: 'rate limit (bench fault)' }));
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return; // never answers
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"posts": [{"id": "x", "title": ');
      default:
        answer(req, res).catch((error) => send(res, 500, { message: String(error) }));
    }
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    collections: standIn.collections,
    get mode() {
      return state.mode;
    },
    setMode(mode) {
      state.mode = mode;
      if (mode !== 'hang') for (const res of hanging) res.destroy();
    },
    seen,
    unknown: standIn.unknown,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await standIn.close();
    },
  };
}
