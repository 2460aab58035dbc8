import { http } from 'msw';
import { type Aggregation, dataSchema } from '@/lib/data/tools';
import { parseSort } from '@/lib/core/query/sort';
import {
  API,
  type CmsContext,
  OPS,
  READ,
  Refusal,
  holdsDate,
  includedReferences,
  invalid,
  notFound,
  only,
  paging,
  pagingMetadata,
  stringList,
  toWire,
  wixFilter,
} from './stand-in-data-wire';

// The stand-in CMS's reads (stand-in-data.ts): QueryDataItems (POST, and the SDK's GET `.r` form), GetDataItem,
// CountDataItems, QueryDistinctValues and AggregateDataItems, answered from the store by our own query semantics.

export function readHandlers({ store, route, collectionOf, searchCollection }: CmsContext) {
  const queryItems = route(async ({ body }) => {
    only(body, ['dataCollectionId', 'query', 'returnTotalCount', 'includeReferences', ...READ], 'body');
    const c = collectionOf(body.dataCollectionId);
    const included = includedReferences(c, body.includeReferences);
    const query = only(body.query ?? {}, ['filter', 'sort', 'paging', 'fields'], 'query');
    const { limit, offset } = paging(query.paging);
    // The SDK's query builder sends `fields: []` when the query names none (wix-data-items-common WixDataApi.js, the
    // query's `fields: params.projectedFields`): every field.
    const fields =
      query.fields === undefined || (Array.isArray(query.fields) && query.fields.length === 0)
        ? undefined
        : stringList(query.fields, 'query.fields', 100);
    const filter = wixFilter(c, query.filter);
    const sort = parseSort(query.sort, dataSchema(c));
    const { items, totalCount } = await store.query(c.id, { filter, sort, limit, skip: offset });
    return {
      dataItems: items.map((item) => toWire(c, item, fields, included)),
      pagingMetadata: pagingMetadata(items.length, offset, totalCount, body.returnTotalCount),
    };
  });

  return [
    http.post(`${API}/items/query`, queryItems),
    // The GET form of the query (`.r`), routed before GET /items/{id}, whose pattern it would match.
    http.get(`${API}/items/query`, queryItems),
    http.get(
      `${API}/items/:dataItemId`,
      route(async ({ body, params, search }) => {
        const id = params.dataItemId!;
        // A request with `includeReferences` (a list of objects) comes whole in `.r`: the SDK's GET form sends a
        // request it cannot spell as parameters that way (@wix/sdk-runtime rest-modules toURLSearchParams).
        const keys = ['dataCollectionId', 'dataItemId', 'fields', ...READ];
        const fromBody = search.has('.r');
        if (fromBody) only(body, [...keys, 'includeReferences'], '.r');
        const c = fromBody ? collectionOf(body.dataCollectionId) : searchCollection(search, keys);
        const named = fromBody ? body.dataItemId : search.get('dataItemId');
        if (named !== undefined && named !== null && named !== id)
          throw invalid('the request names another dataItemId than the path');
        const item = await store.get(c.id, id);
        if (!item) throw notFound(`item ${id}`);
        return { dataItem: toWire(c, item, undefined, includedReferences(c, body.includeReferences)) };
      }),
    ),
    http.post(
      `${API}/items/count`,
      route(async ({ body }) => {
        only(body, ['dataCollectionId', 'filter', ...READ], 'body');
        const c = collectionOf(body.dataCollectionId);
        return { totalCount: await store.count(c.id, wixFilter(c, body.filter)) };
      }),
    ),
    http.post(
      `${API}/items/query-distinct-values`,
      route(async ({ body }) => {
        const keys = ['dataCollectionId', 'fieldName', 'filter', 'order', 'paging', 'returnTotalCount', ...READ];
        only(body, keys, 'body');
        const c = collectionOf(body.dataCollectionId);
        const field = typeof body.fieldName === 'string' ? dataSchema(c).field(body.fieldName) : undefined;
        if (!field) throw new Refusal(400, 'WDE0045', 'fieldName must name a field of the collection');
        if (body.order !== undefined && body.order !== 'ASC' && body.order !== 'DESC')
          throw invalid('order must be ASC or DESC');
        const { limit, offset } = paging(body.paging);
        const values = await store.distinct(c.id, field.name, wixFilter(c, body.filter));
        if (body.order === 'DESC') values.reverse();
        const page = values.slice(offset, offset + limit);
        return {
          distinctValues: page.map((v) => (field.kind === 'date' && typeof v === 'string' ? { $date: v } : v)),
          pagingMetadata: pagingMetadata(page.length, offset, values.length, body.returnTotalCount),
        };
      }),
    ),
    http.post(
      `${API}/items/aggregate`,
      route(async ({ body }) => {
        const keys = ['dataCollectionId', 'initialFilter', 'aggregation', 'paging', 'returnTotalCount', ...READ];
        only(body, keys, 'body');
        const c = collectionOf(body.dataCollectionId);
        const schema = dataSchema(c);
        const spec = only(body.aggregation ?? {}, ['groupingFields', 'operations'], 'aggregation');
        const groupBy = spec.groupingFields ?? [];
        if (!Array.isArray(groupBy) || !groupBy.every((g) => typeof g === 'string' && schema.field(g)))
          throw new Refusal(400, 'WDE0045', 'groupingFields must name fields of the collection');
        if (!Array.isArray(spec.operations) || spec.operations.length === 0)
          throw invalid('aggregation.operations must list at least one operation');
        const operations: Aggregation['operations'] = {};
        for (const [i, raw] of spec.operations.entries()) {
          const operation = only(raw, ['resultFieldName', ...Object.keys(OPS)], `aggregation.operations[${i}]`);
          const kinds = Object.keys(operation).filter((k) => k in OPS) as (keyof typeof OPS)[];
          if (typeof operation.resultFieldName !== 'string' || kinds.length !== 1)
            throw invalid(`aggregation.operations[${i}] needs a resultFieldName and exactly one operation`);
          const kind = kinds[0]!;
          const inner = only(operation[kind], kind === 'itemCount' ? [] : ['itemFieldName'], `${kind}`);
          if (kind !== 'itemCount' && !(typeof inner.itemFieldName === 'string' && schema.field(inner.itemFieldName)))
            throw new Refusal(400, 'WDE0045', `${kind}.itemFieldName must name a field of the collection`);
          operations[operation.resultFieldName] =
            kind === 'itemCount' ? { op: 'count' } : { op: OPS[kind], field: inner.itemFieldName as string };
        }
        const { limit, offset } = paging(body.paging);
        const filter = wixFilter(c, body.initialFilter);
        const rows = await store.aggregate(c.id, { filter, groupBy: groupBy as string[], operations });
        const page = rows.slice(offset, offset + limit);
        const wire = (field: string | undefined, v: unknown) =>
          field !== undefined && holdsDate(c, field) && typeof v === 'string' ? { $date: v } : v;
        return {
          // As the platform's DataItemService: the group's values under `_id`, a field with no value left out.
          results: page.map((row) => ({
            _id: groupBy.length
              ? Object.fromEntries(
                  (groupBy as string[]).filter((g) => row[g] !== null).map((g) => [g, wire(g, row[g])]),
                )
              : null,
            ...Object.fromEntries(
              Object.entries(operations).map(([name, { op, field }]) => [
                name,
                op === 'count' ? row[name] : wire(field, row[name]),
              ]),
            ),
          })),
          pagingMetadata: pagingMetadata(page.length, offset, rows.length, body.returnTotalCount),
        };
      }),
    ),
  ];
}
