import { type Answer, type Json, matches, type SortOrder, sorted, wixError } from './stand-in-shared';

// The stand-in's CMS, in memory: a bare site's holds only Wix's own collections (every item call on another answers
// 404 WDE0025, as Wix does) until a collection is created (`npm run blog -- wix setup`, or the stand-in's
// `collections`).

/** The CMS collections a Wix site with a Blog has of its own (the Blog's, read only). */
const WIX_APP_COLLECTIONS = ['Blog/Posts', 'Blog/Categories', 'Blog/Tags'].map((id) => ({
  id,
  collectionType: 'WIX_APP',
  fields: [],
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
}));

/**
 * The site's CMS: the Data Collections API (list, get, create) and the Data Items calls the site makes (query, count,
 * get, insert, save, update, remove), in memory. Filters as the Blog's (`matches`); ids made here.
 */
export function createCms(initial: Json[]) {
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

  /** A call under /wix-data/v2, by its route after that prefix. */
  function answer(method: string, route: string, q: URLSearchParams, body: Json): Answer {
    let m: RegExpExecArray | null;
    // The SDK's forms of the item calls (@wix/data items): a GET whose request it cannot spell as parameters (a query,
    // a get naming references to include) with its body in `.r` (base64url JSON; sdk-runtime rest-modules
    // toURLSearchParams), and UpdateDataItem / RemoveDataItem as POSTs naming the item in the body. Answered as their
    // REST routes.
    if (method === 'GET' && q.has('.r')) {
      body = JSON.parse(Buffer.from(q.get('.r')!, 'base64url').toString('utf8')) as Json;
      if (route === '/items/query') method = 'POST';
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
        [...list.values()].filter((data) => matches(data, query.filter)),
        (query.sort as SortOrder[]) ?? [],
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
        body: { totalCount: [...list.values()].filter((d) => matches(d, body.filter)).length },
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
