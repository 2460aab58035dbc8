import { type Answer, type Json, matches, type SortOrder, sorted, wixError } from './stand-in-shared';

// The stand-in's CMS, in memory: a bare site's holds only Wix's own collections (every item call on another answers
// 404 WDE0025, as Wix does) until a collection is created (`npm run blog -- wix setup`, or the stand-in's
// `collections`).
//
// Multi-reference fields (a collection field of type MULTI_REFERENCE) are kept as Wix keeps them, apart from the item:
// - saved only by a write that says `saveReferences: true` ("To save multi-reference values, specify
//   `saveReferences: true` in the `options` object": @wix/wix-data-items-sdk data-v2-data-item-items.universal.d.ts);
//   a write without it leaves the item's references as they were;
// - answered only to a read that names the field in `includeReferences` ("Multiple reference field: returned items do
//   not contain the multiple reference field at all", wix-data-items-common WixDataQuery.d.ts `include()`), as the
//   referenced items (`{ _id }` here: the Blog's posts are not items of this CMS), at most `limit` (default 50);
// - matched by a query's filter (`$hasSome`) whether included or not;
// - changed one by one with the bulk insert-references and remove-references calls, each with its result.

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
  /** Per collection, per item, per multi-reference field: the referenced ids, in order. */
  const references = new Map<string, Map<string, Map<string, string[]>>>();
  const add = (collection: Json) => {
    const id = String(collection.id);
    collections.set(id, { ...collection, id, collectionType: 'NATIVE' });
    items.set(id, new Map());
    references.set(id, new Map());
  };
  const multiReferenceFields = (collectionId: string) =>
    ((collections.get(collectionId)?.fields ?? []) as Json[])
      .filter((field) => field.type === 'MULTI_REFERENCE')
      .map((field) => String(field.key));
  /** An item's references, to change (made when it has none yet). */
  const refsOf = (collectionId: string, itemId: string) => {
    const byItem = references.get(collectionId)!;
    if (!byItem.has(itemId)) byItem.set(itemId, new Map());
    return byItem.get(itemId)!;
  };
  /** An item's references, to read: a read leaves the store as it was. */
  const refsIn = (collectionId: string, itemId: string): ReadonlyMap<string, string[]> =>
    references.get(collectionId)?.get(itemId) ?? new Map();
  const idOf = (value: unknown) => String(typeof value === 'object' && value !== null ? (value as Json)._id : value);
  /** The item to store (its multi-reference fields taken out), keeping the references the write saves. */
  function stored(collectionId: string, data: Json, saveReferences: unknown): Json {
    const kept = { ...data };
    for (const field of multiReferenceFields(collectionId)) {
      const given = kept[field];
      delete kept[field];
      if (saveReferences !== true) continue;
      refsOf(collectionId, String(kept._id)).set(field, Array.isArray(given) ? given.map(idOf) : []);
    }
    return kept;
  }
  /** The item with every reference it holds, as filters see it. */
  const whole = (collectionId: string, data: Json): Json => ({
    ...data,
    ...Object.fromEntries(refsIn(collectionId, String(data._id))),
  });
  /** The fields a read includes (`includeReferences: [{ field, limit }]`), with how many of each. */
  const included = (body: Json) =>
    new Map(
      ((body.includeReferences ?? []) as Array<{ field?: string; limit?: number }>).map(
        (r) => [String(r.field), r.limit ?? 50] as const,
      ),
    );
  /** The item as a read answers it: the included references as `{ _id }` items. */
  function answered(collectionId: string, data: Json, include: Map<string, number>): Json {
    const refs = refsIn(collectionId, String(data._id));
    const shown = [...include].map(([field, limit]) => [
      field,
      (refs.get(field) ?? []).slice(0, limit).map((_id) => ({ _id })),
    ]);
    return { ...data, ...Object.fromEntries(shown) };
  }
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
      const id = String(dataCollectionId);
      const found = sorted(
        [...list.values()].filter((data) => matches(whole(id, data), query.filter)),
        (query.sort as SortOrder[]) ?? [],
      );
      const offset = paging.offset ?? 0;
      const page = found.slice(offset, offset + (paging.limit ?? 50));
      const include = included(body);
      return {
        status: 200,
        body: {
          dataItems: page.map((d) => itemOf(id, answered(id, d, include))),
          pagingMetadata: { count: page.length, offset, total: found.length },
        },
      };
    }
    if (method === 'POST' && route === '/items/count') {
      return {
        status: 200,
        body: {
          totalCount: [...list.values()].filter((d) => matches(whole(String(dataCollectionId), d), body.filter)).length,
        },
      };
    }
    if (method === 'POST' && (route === '/items' || route === '/items/save')) {
      const item = (body.dataItem ?? {}) as Json;
      const data = stamp({ ...((item.data ?? {}) as Json), ...(item.id ? { _id: item.id } : {}) });
      if (route === '/items' && list.has(String(data._id))) {
        return wixError(409, 'WDE0074', `An item with _id [${String(data._id)}] already exists in this collection`);
      }
      const kept = stored(String(dataCollectionId), data, body.saveReferences);
      list.set(String(data._id), kept);
      return { status: 200, body: { dataItem: itemOf(String(dataCollectionId), kept) } };
    }
    if (method === 'POST' && (m = /^\/bulk\/items\/(insert|remove)-references$/.exec(route))) {
      const insert = m[1] === 'insert';
      const given = (body.dataItemReferences ?? []) as Json[];
      const results = given.map((reference, originalIndex) => {
        const field = String(reference.referringItemFieldName);
        const from = String(reference.referringItemId);
        const to = String(reference.referencedItemId);
        const known = list.has(from) && multiReferenceFields(String(dataCollectionId)).includes(field);
        if (known) {
          const refs = refsOf(String(dataCollectionId), from);
          const now = (refs.get(field) ?? []).filter((id) => id !== to);
          refs.set(field, insert ? [...now, to] : now);
        }
        return {
          action: insert ? 'INSERT' : 'DELETE',
          referenceMetadata: known
            ? { originalIndex, success: true }
            : { originalIndex, success: false, error: { code: 'WDE0073', description: `Item [${from}] not found` } },
          dataItemReference: reference,
        };
      });
      const failed = results.filter((r) => !r.referenceMetadata.success).length;
      return {
        status: 200,
        body: { results, bulkActionMetadata: { totalSuccesses: results.length - failed, totalFailures: failed } },
      };
    }
    if ((m = /^\/items\/([^/]+)$/.exec(route))) {
      const id = decodeURIComponent(m[1]!);
      const found = list.get(id);
      if (!found) return wixError(404, 'WDE0073', `Item [${id}] not found in collection [${String(dataCollectionId)}]`);
      const collectionId = String(dataCollectionId);
      if (method === 'GET') {
        return { status: 200, body: { dataItem: itemOf(collectionId, answered(collectionId, found, included(body))) } };
      }
      if (method === 'DELETE') {
        list.delete(id);
        references.get(collectionId)!.delete(id);
        return { status: 200, body: { dataItem: itemOf(collectionId, found) } };
      }
      if (method === 'PUT') {
        const data = stamp({ ...(((body.dataItem as Json | undefined)?.data ?? {}) as Json), _id: id });
        const kept = stored(collectionId, data, body.saveReferences);
        list.set(id, kept);
        return { status: 200, body: { dataItem: itemOf(collectionId, kept) } };
      }
    }
    return wixError(404, 'NOT_FOUND', `the stand-in does not know ${method} ${route}`);
  }

  return { answer, ids: () => [...collections.keys()] };
}
