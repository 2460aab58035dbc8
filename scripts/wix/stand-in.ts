import { readFile, readdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NAMED_SORTS, type SortSpec } from '@/lib/blog/query/sort';

// A stand-in for www.wixapis.com on 127.0.0.1: a Wix site with a Blog, for the upstream-fault figure (bench) and the
// Wix-mode build (scripts/ci/wix-site.sh). It answers the Wix Blog REST calls the site makes (the paths and shapes of
// tests/wix/fixtures.ts and lib/blog/wix/*) from a content folder, and the Data Collections and Data Items calls from
// memory: a bare site's CMS has only Wix's own collections (every item call on another answers 404 WDE0025, as Wix
// does), until a collection is created (`npm run blog -- wix setup`, or `collections` given). Told to fail, every
// answer is a 500, a 429, no answer at all, or malformed JSON. Reachable only on loopback.

export type Mode = 'ok' | '500' | '429' | 'hang' | 'malformed';

type Json = Record<string, unknown>;
type Raw = Json & { id: string; slug: string; status?: string; firstPublishedDate?: string };

const PAGE_MAX = 100;

const isPublished = (p: Raw) => (p.status ?? 'PUBLISHED') === 'PUBLISHED';

function get(obj: unknown, field: string): unknown {
  let value: unknown = obj;
  for (const key of field.split('.')) value = value && typeof value === 'object' ? (value as Json)[key] : undefined;
  return value;
}

const cmp = (a: unknown, b: unknown) =>
  a === b
    ? 0
    : a === undefined || a === null
      ? -1
      : b === undefined || b === null
        ? 1
        : (a as string) < (b as string)
          ? -1
          : 1;

/** The Wix filter language, enough for what the site sends (lib/blog/wix/query.ts). */
function matches(post: Raw, filter: unknown): boolean {
  if (!filter || typeof filter !== 'object') return true;
  return Object.entries(filter as Json).every(([key, cond]) => {
    if (key === '$and') return (cond as unknown[]).every((f) => matches(post, f));
    if (key === '$or') return (cond as unknown[]).some((f) => matches(post, f));
    if (key === '$not') return !matches(post, cond);
    const value = get(post, key);
    if (!cond || typeof cond !== 'object' || Array.isArray(cond))
      return value === cond || (Array.isArray(value) && value.includes(cond));
    return Object.entries(cond as Json).every(([op, arg]) => {
      const list = Array.isArray(value) ? value : [value];
      switch (op) {
        case '$eq':
          return Array.isArray(value) ? value.includes(arg) : value === arg;
        case '$ne':
          return Array.isArray(value) ? !value.includes(arg) : value !== arg;
        case '$gt':
          return value !== undefined && cmp(value, arg) > 0;
        case '$gte':
          return value !== undefined && cmp(value, arg) >= 0;
        case '$lt':
          return value !== undefined && cmp(value, arg) < 0;
        case '$lte':
          return value !== undefined && cmp(value, arg) <= 0;
        case '$in':
          return list.some((v) => (arg as unknown[]).includes(v));
        case '$nin':
          return !list.some((v) => (arg as unknown[]).includes(v));
        case '$hasSome':
          return list.some((v) => (arg as unknown[]).includes(v));
        case '$hasAll':
          return (arg as unknown[]).every((a) => list.includes(a));
        case '$exists':
          return (value !== undefined && value !== null) === arg;
        case '$startsWith':
          return typeof value === 'string' && value.toLowerCase().startsWith(String(arg).toLowerCase());
        case '$contains':
          return typeof value === 'string' && value.toLowerCase().includes(String(arg).toLowerCase());
        case '$isEmpty':
          return (Array.isArray(value) ? value.length === 0 : !value) === arg;
        default:
          return true;
      }
    });
  });
}

// The platform's named sorts are the ones the local source implements.
const SORTS: Record<string, SortSpec[]> = NAMED_SORTS;

function sorted(posts: Raw[], sort: Array<{ fieldName?: string; order?: string }>) {
  const keys = [...sort, { fieldName: 'id', order: 'ASC' }];
  return [...posts].sort((a, b) => {
    for (const k of keys) {
      const c = cmp(get(a, k.fieldName ?? 'id'), get(b, k.fieldName ?? 'id'));
      if (c) return k.order === 'DESC' ? -c : c;
    }
    return 0;
  });
}

/** A post as Wix sends it: the heavy fields only with their fieldset. */
function shape(post: Raw, fieldsets: string[]): Json {
  const { richContent, contentText, metrics, seoData, url, ...rest } = post;
  return {
    ...rest,
    ...(fieldsets.includes('RICH_CONTENT') && { richContent }),
    ...(fieldsets.includes('CONTENT_TEXT') && { contentText }),
    ...(fieldsets.includes('METRICS') && { metrics }),
    ...(fieldsets.includes('SEO') && { seoData }),
    ...(fieldsets.includes('URL') && { url }),
  };
}

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

/** The CMS collections a Wix site with a Blog has of its own (the Blog's, read only). */
const WIX_APP_COLLECTIONS = ['Blog/Posts', 'Blog/Categories', 'Blog/Tags'].map((id) => ({
  id,
  collectionType: 'WIX_APP',
  fields: [],
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
}));

export async function startWixStandIn(contentDir: string, options: StandInOptions = {}): Promise<StandIn> {
  const port = options.port ?? 0;
  const names = (await readdir(path.join(contentDir, 'posts'))).filter((n) => n.endsWith('.json'));
  const all = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(path.join(contentDir, 'posts', n), 'utf8')) as Raw),
  );
  const posts = all.filter(isPublished);
  const categories = JSON.parse(await readFile(path.join(contentDir, 'categories.json'), 'utf8')) as Raw[];
  const tags = JSON.parse(await readFile(path.join(contentDir, 'tags.json'), 'utf8')) as Raw[];
  const countIn = (field: string, id: string) =>
    posts.filter((p) => (p[field] as string[] | undefined)?.includes(id)).length;
  const category = (c: Raw) => ({ ...c, postCount: countIn('categoryIds', c.id) });
  const tag = (t: Raw) => ({ ...t, postCount: countIn('tagIds', t.id), publishedPostCount: countIn('tagIds', t.id) });

  const cms = createCms(options.collections ?? []);
  const hanging = new Set<ServerResponse>();
  const state = { mode: 'ok' as Mode };
  const seen = new Map<string, number>();
  const unknown = new Set<string>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse, what: string) =>
    send(res, 404, {
      message: `${what} not found`,
      details: { applicationError: { code: 'NOT_FOUND', description: `${what} not found` } },
    });

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
    const fieldsets = [
      ...q.getAll('fieldsets'),
      ...((body.fieldsets as string[] | undefined) ?? []),
      ...(((body.query as Json | undefined)?.fieldsets as string[] | undefined) ?? []),
    ];
    let m: RegExpExecArray | null;

    if (url.pathname.startsWith('/wix-data/v2/')) {
      const answer = cms.answer(req.method ?? 'GET', url.pathname.slice('/wix-data/v2'.length), q, body);
      return send(res, answer.status, answer.body);
    }
    if (req.method === 'GET' && route === '/v3/posts') {
      const offset = Number(q.get('paging.offset') ?? 0);
      const limit = Math.min(PAGE_MAX, Number(q.get('paging.limit') ?? 50));
      let list = posts;
      for (const field of ['categoryIds', 'tagIds', 'hashtags'] as const) {
        const wanted = q.getAll(field);
        if (wanted.length)
          list = list.filter((p) => (p[field] as string[] | undefined)?.some((v) => wanted.includes(v)));
      }
      if (q.get('featured') === 'true') list = list.filter((p) => p.featured === true);
      if (q.get('language')) list = list.filter((p) => p.language === q.get('language'));
      if (q.get('memberId')) list = list.filter((p) => p.memberId === q.get('memberId'));
      list = sorted(list, SORTS[q.get('sort') ?? 'FEED'] ?? SORTS.FEED!);
      const page = list.slice(offset, offset + limit);
      return send(res, 200, {
        posts: page.map((p) => shape(p, fieldsets)),
        metaData: { count: page.length, offset, total: list.length },
      });
    }
    if (req.method === 'POST' && route === '/v3/posts/query') {
      const query = (body.query ?? {}) as Json;
      const paging = (query.cursorPaging ?? {}) as { limit?: number; cursor?: string };
      const limit = Math.min(PAGE_MAX, paging.limit ?? 50);
      let filter = query.filter;
      let sort =
        (query.sort as Array<{ fieldName?: string; order?: string }> | undefined) ?? SORTS.PUBLISHED_DATE_DESC!;
      let offset = 0;
      if (paging.cursor) {
        const state = JSON.parse(Buffer.from(paging.cursor, 'base64url').toString('utf8')) as {
          filter: unknown;
          sort: typeof sort;
          offset: number;
        };
        ({ filter, sort, offset } = state);
      }
      const list = sorted(
        posts.filter((p) => matches(p, filter)),
        sort,
      );
      const page = list.slice(offset, offset + limit);
      const hasNext = offset + limit < list.length;
      const next = hasNext
        ? Buffer.from(JSON.stringify({ filter, sort, offset: offset + limit })).toString('base64url')
        : null;
      return send(res, 200, {
        posts: page.map((p) => shape(p, fieldsets)),
        pagingMetadata: { count: page.length, cursors: next ? { next } : {}, hasNext },
      });
    }
    if (req.method === 'GET' && (m = /^\/v3\/posts\/slugs\/([^/]+)$/.exec(route))) {
      const slug = decodeURIComponent(m[1]!);
      const post = posts.find((p) => p.slug === slug);
      return post ? send(res, 200, { post: shape(post, fieldsets) }) : notFound(res, 'post');
    }
    if (req.method === 'GET' && (m = /^\/v3\/posts\/([^/]+)\/metrics$/.exec(route))) {
      const post = posts.find((p) => p.id === m![1]);
      return post
        ? send(res, 200, { metrics: post.metrics ?? { views: 0, likes: 0, comments: 0 } })
        : notFound(res, 'post');
    }
    if (req.method === 'POST' && (m = /^\/v3\/posts\/([^/]+)\/view$/.exec(route))) {
      // View Post: "The response returns the post's updated total number of views" (the Blog's REST reference).
      const post = posts.find((p) => p.id === decodeURIComponent(m![1]!));
      if (!post) return notFound(res, 'post');
      const metrics = (post.metrics ?? { views: 0, likes: 0, comments: 0 }) as { views: number };
      post.metrics = { ...metrics, views: metrics.views + 1 };
      return send(res, 200, { views: metrics.views + 1 });
    }
    if (req.method === 'GET' && (m = /^\/v3\/posts\/([^/]+)$/.exec(route))) {
      const post = posts.find((p) => p.id === m![1]);
      return post ? send(res, 200, { post: shape(post, fieldsets) }) : notFound(res, 'post');
    }
    if (req.method === 'GET' && route === '/v2/stats/posts/total') return send(res, 200, { total: posts.length });
    if (req.method === 'GET' && route === '/v2/stats/post/count') {
      const byMonth = new Map<string, number>();
      for (const p of posts) {
        const month = `${String(p.firstPublishedDate ?? '').slice(0, 7)}-01T00:00:00.000Z`;
        byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
      }
      const months = Math.min(Number(q.get('months') ?? 12), 1200);
      const start = q.get('rangeStart')
        ? new Date(q.get('rangeStart')!)
        : new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - months + 1, 1));
      const stats = Array.from({ length: months }, (_, i) => {
        const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1)).toISOString();
        return { periodStart: d, postCount: byMonth.get(d) ?? 0 };
      });
      return send(res, 200, { stats: q.get('order') === 'NEWEST' ? stats.reverse() : stats });
    }
    if (req.method === 'GET' && route === '/v3/categories') {
      const offset = Number(q.get('paging.offset') ?? 0);
      const limit = Math.min(PAGE_MAX, Number(q.get('paging.limit') ?? 50));
      const page = categories.slice(offset, offset + limit).map(category);
      return send(res, 200, { categories: page, metaData: { count: page.length, offset, total: categories.length } });
    }
    if (req.method === 'GET' && (m = /^\/v3\/categories\/slugs\/([^/]+)$/.exec(route))) {
      const c = categories.find((x) => x.slug === decodeURIComponent(m![1]!));
      return c ? send(res, 200, { category: category(c) }) : notFound(res, 'category');
    }
    if (req.method === 'GET' && (m = /^\/v3\/categories\/([^/]+)$/.exec(route))) {
      const c = categories.find((x) => x.id === m![1]);
      return c ? send(res, 200, { category: category(c) }) : notFound(res, 'category');
    }
    if (req.method === 'POST' && route === '/v3/tags/query') {
      const query = (body.query ?? {}) as Json;
      const paging = (query.paging ?? {}) as { offset?: number; limit?: number };
      const offset = paging.offset ?? 0;
      const limit = Math.min(PAGE_MAX, paging.limit ?? 50);
      const list = tags.filter((t) => matches(t, query.filter));
      const page = list.slice(offset, offset + limit).map(tag);
      return send(res, 200, { tags: page, pagingMetadata: { count: page.length, offset, total: list.length } });
    }
    if (req.method === 'GET' && (m = /^\/v3\/tags\/slugs\/([^/]+)$/.exec(route))) {
      const t = tags.find((x) => x.slug === decodeURIComponent(m![1]!));
      return t ? send(res, 200, { tag: tag(t) }) : notFound(res, 'tag');
    }
    if (req.method === 'GET' && (m = /^\/v3\/tags\/([^/]+)$/.exec(route))) {
      const t = tags.find((x) => x.id === m![1]);
      return t ? send(res, 200, { tag: tag(t) }) : notFound(res, 'tag');
    }
    unknown.add(`${req.method} ${route}`);
    return notFound(res, route);
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

/** A Wix error answer: `{ message, details: { applicationError: { code, description } } }`. */
const wixError = (status: number, code: string, message: string) => ({
  status,
  body: { message, details: { applicationError: { code, description: message } } },
});

/**
 * The site's CMS: the Data Collections API (list, get, create) and the Data Items calls the site makes (query, count,
 * get, insert, save, update, remove), in memory. Filters as the Blog's (`matches`); ids made here.
 */
function createCms(initial: Json[]) {
  const collections = new Map<string, Json>(WIX_APP_COLLECTIONS.map((c) => [c.id, c]));
  const items = new Map<string, Map<string, Json>>();
  const add = (collection: Json) => {
    const id = String(collection.id);
    collections.set(id, { ...collection, id, collectionType: 'NATIVE' });
    items.set(id, new Map());
  };
  for (const collection of initial) add(collection);
  let made = 0;
  const missing = (id: unknown) =>
    wixError(
      404,
      'WDE0025',
      `The ${String(id)} collection does not exist. You cannot work with a collection that does not exist in the Data Editor.`,
    );
  const itemOf = (collectionId: string, data: Json) => ({ id: data._id, dataCollectionId: collectionId, data });
  const stamp = (data: Json) => {
    const now = { $date: new Date().toISOString() };
    return { _createdDate: now, ...data, _id: data._id ?? `item-${++made}`, _updatedDate: now };
  };

  function answer(method: string, route: string, q: URLSearchParams, body: Json): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    // The SDK's forms of three item calls (@wix/data items): a query as GET with its body in `.r` (base64url JSON),
    // and UpdateDataItem / RemoveDataItem as POSTs naming the item in the body. Answered as their REST routes.
    if (method === 'GET' && route === '/items/query' && q.has('.r')) {
      body = JSON.parse(Buffer.from(q.get('.r')!, 'base64url').toString('utf8')) as Json;
      method = 'POST';
    } else if (method === 'POST' && route === '/items/update') {
      route = `/items/${encodeURIComponent(String((body.dataItem as Json | undefined)?.id ?? ''))}`;
      method = 'PUT';
    } else if (method === 'POST' && route === '/items/remove') {
      route = `/items/${encodeURIComponent(String(body.dataItemId ?? ''))}`;
      method = 'DELETE';
    }
    if (method === 'GET' && route === '/collections') {
      const offset = Number(q.get('paging.offset') ?? 0);
      const limit = Number(q.get('paging.limit') ?? 50);
      const all = [...collections.values()];
      return {
        status: 200,
        body: {
          collections: all.slice(offset, offset + limit),
          pagingMetadata: { count: Math.min(limit, all.length - offset), offset, total: all.length },
        },
      };
    }
    if (method === 'GET' && (m = /^\/collections\/(.+)$/.exec(route))) {
      const collection = collections.get(decodeURIComponent(m[1]!));
      return collection ? { status: 200, body: { collection } } : missing(m[1]);
    }
    if (method === 'POST' && route === '/collections') {
      const collection = (body.collection ?? {}) as Json;
      if (collections.has(String(collection.id))) {
        return wixError(409, 'WDE0074', `A collection with ID ${String(collection.id)} already exists`);
      }
      add(collection);
      return { status: 200, body: { collection: collections.get(String(collection.id)) } };
    }
    const dataCollectionId = body.dataCollectionId ?? q.get('dataCollectionId');
    const list = items.get(String(dataCollectionId ?? ''));
    if (!list) return missing(dataCollectionId);
    const query = (body.query ?? {}) as Json;
    if (method === 'POST' && route === '/items/query') {
      const paging = (query.paging ?? {}) as { limit?: number; offset?: number };
      const found = sorted(
        [...list.values()].filter((data) => matches(data as Raw, query.filter)) as Raw[],
        (query.sort as Array<{ fieldName?: string; order?: string }>) ?? [],
      );
      const offset = paging.offset ?? 0;
      const page = found.slice(offset, offset + (paging.limit ?? 50));
      return {
        status: 200,
        body: {
          dataItems: page.map((d) => itemOf(String(dataCollectionId), d)),
          pagingMetadata: { count: page.length, offset, total: found.length },
        },
      };
    }
    if (method === 'POST' && route === '/items/count') {
      return {
        status: 200,
        body: { totalCount: [...list.values()].filter((d) => matches(d as Raw, body.filter)).length },
      };
    }
    if (method === 'POST' && (route === '/items' || route === '/items/save')) {
      const item = (body.dataItem ?? {}) as Json;
      const data = stamp({ ...((item.data ?? {}) as Json), ...(item.id ? { _id: item.id } : {}) });
      if (route === '/items' && list.has(String(data._id))) {
        return wixError(409, 'WDE0074', `An item with _id [${String(data._id)}] already exists in this collection`);
      }
      list.set(String(data._id), data);
      return { status: 200, body: { dataItem: itemOf(String(dataCollectionId), data) } };
    }
    if ((m = /^\/items\/([^/]+)$/.exec(route))) {
      const id = decodeURIComponent(m[1]!);
      const found = list.get(id);
      if (!found) return wixError(404, 'WDE0073', `Item [${id}] not found in collection [${String(dataCollectionId)}]`);
      if (method === 'GET') return { status: 200, body: { dataItem: itemOf(String(dataCollectionId), found) } };
      if (method === 'DELETE') {
        list.delete(id);
        return { status: 200, body: { dataItem: itemOf(String(dataCollectionId), found) } };
      }
      if (method === 'PUT') {
        const data = stamp({ ...(((body.dataItem as Json | undefined)?.data ?? {}) as Json), _id: id });
        list.set(id, data);
        return { status: 200, body: { dataItem: itemOf(String(dataCollectionId), data) } };
      }
    }
    return wixError(404, 'NOT_FOUND', `the stand-in does not know ${method} ${route}`);
  }

  return { answer, ids: () => [...collections.keys()] };
}
