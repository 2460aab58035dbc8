import { http, HttpResponse } from 'msw';
import { type DataBackend, createEmbeddedBackend } from '@/lib/data/tools';
import type { CollectionDeclaration, FieldType } from '@/lib/data/types';
import { isCatalogueError } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { readHandlers } from './stand-in-data-reads';
import {
  API,
  type CmsContext,
  type Handler,
  type Json,
  Refusal,
  answerRefusal,
  bodyOfGet,
  invalid,
} from './stand-in-data-wire';
import { writeHandlers } from './stand-in-data-writes';

// The stand-in's CMS: the Data Collections API and the Data Items REST API v2 under /wix-data/v2, as msw request
// handlers (scripts/wix/stand-in.ts answers with them, in process or on loopback). A bare site's CMS holds only Wix's
// own collections (an item call on another is 404 WDE0025, as Wix answers) until one is created (`npm run blog -- wix
// setup`, or the stand-in's `collections`). It takes and answers the platform's shapes (`{ dataCollectionId, dataItem:
// { id, data } }`, `query: { filter, sort, paging }`, `{ dataItems, pagingMetadata }`, bulk `results[].itemMetadata`,
// the `{ message, details: { applicationError: { code } } }` error envelope, Date and Time values as `{ "$date": ISO
// }`), and is strict: a request without the API key and site id headers is 401, a body field the endpoint does not
// document is 400, a date operand or date field value that is not `{ $date }` is 400.
//
// It serves the routes `items` of @wix/data sends to (its data-items-api-client.js binds each RPC to one):
// UpdateDataItem is POST /items/update and RemoveDataItem POST /items/remove (the REST reference's PUT and DELETE
// /items/{id} are not sent, so not served); GetDataItem is GET /items/{id} with every request field in the query
// string, the path's `dataItemId` too (the SDK's GET form, rest-modules toURLSearchParams); and QueryDataItems is GET
// /items/query?.r=<base64url of the JSON body> while that URL is at most 2048 characters, POST /items/query beyond
// (wix-data-items-common api/ApiClient.js apiRequestInterceptor: Wix's gateway maps the `.r` of a GET to the body).
//
// What it does not re-implement, it borrows: filters, sorts, distinct values and aggregations are evaluated by the
// embedded backend (PGlite, a scratch folder) underneath, after the filter JSON is parsed by our own query parser
// (lib/core/query). So its query semantics are the embedded backend's by construction; what its tests check is the
// wire: the REST paths, the bodies, the dates, the paging, the per-item bulk outcomes and the error codes.
//
// Where it keeps to what it is given rather than to the platform: it stores the system fields the request carries
// (`_owner`, `_createdDate`, `_updatedDate`; Wix sets the dates itself and `_owner` to the caller), it fills only
// those missing, and lets a reference name an id no item has. Multi-reference fields are kept as Wix keeps them:
// stored only by a write with `saveReferences` ("To save multi-reference values, specify `saveReferences: true` in the
// `options` object": @wix/wix-data-items-sdk data-v2-data-item-items.universal.d.ts), answered only to a read that
// includes them ("Multiple reference field: returned items do not contain the multiple reference field at all",
// wix-data-items-common WixDataQuery.d.ts `include()`), as `{ _id }` items (it holds no referenced collection), never
// in a write's or a remove's answer. Filters take the operators the SDK's filter builder sends (no `$between`,
// `$isEmpty`, `$isNotEmpty`) and `$not` as the SDK spells it, a list of one filter.

/** The CMS's field types as ours (`Type` of @wix/auto_sdk_data_collections; the reverse of lib/data/wix). */
const FIELD_TYPES: Record<string, FieldType> = {
  TEXT: 'text',
  NUMBER: 'number',
  DATE: 'date',
  DATETIME: 'datetime',
  IMAGE: 'image',
  BOOLEAN: 'boolean',
  REFERENCE: 'reference',
  MULTI_REFERENCE: 'multiReference',
  RICH_TEXT: 'richText',
  URL: 'url',
  ARRAY: 'array',
  OBJECT: 'object',
};

/** A collection as Create Data Collection takes it, as the items' rules read it: its fields' types and references. */
function declarationOf(collection: Json): CollectionDeclaration {
  const fields = Array.isArray(collection.fields) ? (collection.fields as Json[]) : [];
  return {
    id: String(collection.id ?? collection._id),
    fields: Object.fromEntries(
      fields.map((field) => {
        const meta = (field.typeMetadata ?? {}) as Json;
        const referenced = ((meta.reference ?? meta.multiReference ?? {}) as Json).referencedCollectionId;
        return [
          String(field.key),
          {
            type: FIELD_TYPES[String(field.type)] ?? 'object',
            ...(typeof referenced === 'string' && { references: referenced }),
          },
        ];
      }),
    ),
    permissions: (collection.permissions ?? {}) as CollectionDeclaration['permissions'],
  } as CollectionDeclaration;
}

/** The CMS collections a Wix site with a Blog has of its own (the Blog's, read only). */
const WIX_APP_COLLECTIONS = ['Blog/Posts', 'Blog/Categories', 'Blog/Tags'].map((id) => ({
  id,
  collectionType: 'WIX_APP',
  fields: [],
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
}));

/**
 * The site's CMS: `initial` its collections besides Wix's own (Wix's shape, as Create Data Collection takes them);
 * `auth` the API key and site id it takes (any when unset). Its answers are msw request handlers (the stand-in runs
 * them with msw's `getResponse`); `ready` resolves once the initial collections are open.
 */
export function createCms(initial: Json[], auth: { apiKey?: string; siteId?: string } = {}) {
  const store: DataBackend = createEmbeddedBackend();
  /** Each collection as Wix lists it, and as the items' rules read it. */
  const listed = new Map<string, Json>(WIX_APP_COLLECTIONS.map((c) => [c.id, c]));
  const byId = new Map<string, CollectionDeclaration>();
  /** Errors the stand-in itself hit (a bug here or a request it cannot take): each test expects none. */
  const faults: unknown[] = [];
  async function add(collection: Json) {
    const declaration = declarationOf(collection);
    await store.prepare(declaration);
    listed.set(declaration.id, { ...collection, id: declaration.id, collectionType: 'NATIVE' });
    byId.set(declaration.id, declaration);
  }
  const ready = (async () => {
    for (const collection of initial) await add(collection);
  })();

  // Each request is handled alone, one after another: every call is atomic, as each one is on the platform.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => {});
    return next;
  };

  const collectionOf = (id: unknown) => {
    if (typeof id !== 'string') throw invalid('dataCollectionId must be a string');
    const collection = byId.get(id);
    if (!collection) {
      throw new Refusal(
        404,
        'WDE0025',
        `The ${id} collection does not exist. You cannot work with a collection that does not exist in the Data Editor.`,
      );
    }
    return collection;
  };
  const now = () => new Date().toISOString();

  /** Authenticates, reads the JSON body (POST, PUT) and answers the platform's envelope for a refusal. */
  const route = (handler: Handler) =>
    (async ({ request, params }: { request: Request; params: Record<string, string | readonly string[]> }) =>
      serial(async () => {
        try {
          await ready;
          const key = request.headers.get('authorization');
          const site = request.headers.get('wix-site-id');
          if (
            !key ||
            (auth.apiKey !== undefined && key !== auth.apiKey) ||
            (auth.siteId !== undefined && site !== auth.siteId)
          )
            throw new Refusal(401, undefined, 'UNAUTHENTICATED: missing or wrong API key or site id');
          let body: Json = {};
          const url = new URL(request.url);
          if (request.method === 'POST') {
            if (!request.headers.get('content-type')?.startsWith('application/json'))
              throw invalid('the body must be application/json');
            const parsed: unknown = JSON.parse(await request.text());
            if (!isRecord(parsed)) throw invalid('the body must be a JSON object');
            body = parsed;
          } else if (url.searchParams.has('.r')) {
            const parsed = bodyOfGet(url);
            if (!isRecord(parsed) || url.searchParams.size !== 1) throw invalid('.r must be the only parameter');
            body = parsed;
          }
          const search = url.searchParams;
          return HttpResponse.json(await handler({ body, params: params as Record<string, string>, search }));
        } catch (error) {
          if (error instanceof Refusal) return answerRefusal(error);
          if (isCatalogueError(error)) return answerRefusal(new Refusal(error.status, error.wde, error.message));
          faults.push(error);
          return HttpResponse.json({ message: 'internal error' }, { status: 500 });
        }
      })) as Parameters<typeof http.post>[1];

  /** A GET without `.r` carries `dataCollectionId` (and a few documented options) in the query string. */
  const searchCollection = (search: URLSearchParams, allowed: string[]) => {
    for (const key of search.keys()) if (!allowed.includes(key)) throw invalid(`unknown query parameter "${key}"`);
    return collectionOf(search.get('dataCollectionId') ?? undefined);
  };
  const context: CmsContext = { store, route, collectionOf, searchCollection, now };

  // The Data Collections API (`collections` of @wix/data: ListDataCollections, GetDataCollection,
  // CreateDataCollection): a page of `paging.limit` (default 50) from `paging.offset`, with the total.
  const handlers = [
    http.get(
      `${API}/collections`,
      route(async ({ search }) => {
        const offset = Number(search.get('paging.offset') ?? 0);
        const limit = Number(search.get('paging.limit') ?? 50);
        const all = [...listed.values()];
        const page = all.slice(offset, offset + limit);
        return { collections: page, pagingMetadata: { count: page.length, offset, total: all.length } };
      }),
    ),
    http.get(
      `${API}/collections/:id`,
      route(async ({ params }) => {
        const collection = listed.get(params.id!);
        if (!collection) collectionOf(params.id);
        return { collection: collection! };
      }),
    ),
    http.post(
      `${API}/collections`,
      route(async ({ body }) => {
        const collection = (body.collection ?? {}) as Json;
        if (typeof collection.id !== 'string' || !collection.id) throw invalid('collection.id must be a string');
        if (listed.has(collection.id))
          throw new Refusal(409, 'WDE0074', `A collection with ID ${collection.id} already exists`);
        await add(collection);
        return { collection: listed.get(collection.id)! };
      }),
    ),
    ...readHandlers(context),
    ...writeHandlers(context),
  ];

  return {
    handlers,
    faults,
    store,
    ready,
    /** The ids of the CMS's collections (Wix's own too). */
    ids: () => [...listed.keys()],
    async close() {
      await ready.catch(() => {});
      await store.close();
    },
  };
}

export type Cms = ReturnType<typeof createCms>;
