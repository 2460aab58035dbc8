import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { blogApi } from './stand-in-blog';
import { createCms } from './stand-in-data';
import { type Json, notFound } from './stand-in-shared';

// A stand-in for www.wixapis.com on 127.0.0.1: a Wix site with a Blog, for the upstream-fault figure (bench) and the
// Wix-mode build (scripts/ci/wix-site.ts). It answers the Wix Blog REST calls the site makes from a content folder
// (stand-in-blog.ts), and the Data Collections and Data Items calls from memory (stand-in-data.ts): a bare site's CMS
// has only Wix's own collections, until a collection is created (`npm run blog -- wix setup`, or `collections` given).
// This file is the server: told to fail, every answer is a 500, a 429, no answer at all, or malformed JSON.
// Reachable only on loopback.

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
}

export async function startWixStandIn(contentDir: string, options: StandInOptions = {}): Promise<StandIn> {
  const port = options.port ?? 0;
  const blog = await blogApi(contentDir);
  const cms = createCms(options.collections ?? []);
  const hanging = new Set<ServerResponse>();
  const state = { mode: 'ok' as Mode };
  const seen = new Map<string, number>();
  const unknown = new Set<string>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://wix');
    const route = url.pathname.replace(/^\/(?:blog|_api)(?=\/v\d)/, '');
    let body: Json = {};
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      body = text ? (JSON.parse(text) as Json) : {};
    }
    const q = url.searchParams;
    const answered = url.pathname.startsWith('/wix-data/v2/')
      ? cms.answer(req.method ?? 'GET', url.pathname.slice('/wix-data/v2'.length), q, body)
      : blog(req.method ?? '', route, q, body);
    if (answered) return send(res, answered.status, answered.body);
    unknown.add(`${req.method} ${route}`);
    const missing = notFound(route);
    return send(res, missing.status, missing.body);
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
    collections: () => cms.ids(),
    get mode() {
      return state.mode;
    },
    setMode(mode) {
      state.mode = mode;
      if (mode !== 'hang') for (const res of hanging) res.destroy();
    },
    seen,
    unknown,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
