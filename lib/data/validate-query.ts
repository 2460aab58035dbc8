import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { type FilterNode, parseFilter } from '@/lib/core/query/filter';
import { checkLimit, checkOffset } from '@/lib/core/query/paging';
import { type FieldInfo, type FieldSchema, fieldSchema } from '@/lib/core/query/schema';
import { type SortSpec, parseSort } from '@/lib/core/query/sort';
import { type CollectionDeclaration, DEFAULT_DATA_PAGE_SIZE, FIELD_KINDS, MAX_DATA_PAGE_SIZE } from './model';

// A data query's rules (the seed's section 5: filter, sort, limit and skip), checked by the query language the blog
// uses too (lib/core/query) against the collection's fields; the client imports them through validate.ts.

/** `_owner` holds a member id: like the blog's `memberId`, a list of them is an id list (WDE0068 past 1000). */
const SYSTEM_FIELDS: [string, FieldInfo][] = [
  ['_id', { kind: 'string', sortable: true, ids: true }],
  ['_owner', { kind: 'string', sortable: true, ids: true }],
  ['_createdDate', { kind: 'date', sortable: true }],
  ['_updatedDate', { kind: 'date', sortable: true }],
];

/** The query language's schema of a collection: its queryable declared fields and the system fields. */
export function dataSchema(collection: CollectionDeclaration): FieldSchema {
  const declared = Object.entries(collection.fields).flatMap(([name, { type }]): [string, FieldInfo][] => {
    const kind = FIELD_KINDS[type];
    const ids = type === 'reference' || type === 'multiReference';
    return kind ? [[name, { kind, sortable: kind !== 'stringArray', ...(ids && { ids }) }]] : [];
  });
  return fieldSchema(Object.fromEntries([...declared, ...SYSTEM_FIELDS]));
}

/**
 * Text a store can hold: no U+0000 (Postgres text and jsonb refuse it) and no lone surrogate (not Unicode: jsonb
 * refuses it, and UTF-8 would turn it into U+FFFD, another string). JSON can spell both (`\u0000`, `\ud800`).
 */
export const isStorableText = (text: string) =>
  !text.includes('\0') && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

/** Every text operand of a filter storable: no stored text holds anything else, and the store refuses to compare it. */
function assertStorableOperands(root: FilterNode): void {
  const pending = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.kind === 'and' || node.kind === 'or') pending.push(...node.nodes);
    else if (node.kind === 'not') pending.push(node.node);
    else if ([node.value].flat().some((value) => typeof value === 'string' && !isStorableText(value)))
      throw errors.comparisonOperand(`a value for "${node.field}" holds U+0000 or a lone surrogate`);
  }
}

/** A checked query. `sort` is empty when none was given (the backend's own order); `cursor` only when one was. */
export interface DataQuery {
  filter: FilterNode;
  sort: SortSpec[];
  limit: number;
  skip: number;
  cursor?: string;
}

const QUERY_KEYS = new Set(['filter', 'sort', 'limit', 'skip', 'cursor']);

/**
 * A query on `collection` (WDE0016, 0032-0051, 0068-0070, 0080, 0165). Not an object is WDE0016, as the blog's
 * query body; an unknown key is WDE0046, so a misspelt `filter` is not read as "everything"; so is a text operand the
 * store cannot hold (`isStorableText`).
 */
export function checkDataQuery(raw: unknown, collection: CollectionDeclaration): DataQuery {
  const query = raw ?? {};
  if (!isRecord(query)) throw errors.filterNotObject('query must be an object');
  for (const key of Object.keys(query))
    if (!QUERY_KEYS.has(key))
      throw errors.badValue(`unknown query key "${key}": a query has ${[...QUERY_KEYS].join(', ')}`);
  const schema = dataSchema(collection);
  const filter = parseFilter(query.filter, schema);
  assertStorableOperands(filter);
  const sort = parseSort(query.sort, schema);
  const limit = checkLimit(query.limit, DEFAULT_DATA_PAGE_SIZE, MAX_DATA_PAGE_SIZE);
  const cursor = query.cursor ?? undefined;
  if (cursor !== undefined && (typeof cursor !== 'string' || cursor === ''))
    throw errors.malformedCursor('cursor must be a non-empty string');
  if (cursor !== undefined && query.skip !== undefined && query.skip !== null)
    throw errors.skipWithCursor('skip is not supported with cursor paging: the cursor says where the page starts');
  const skip = checkOffset(query.skip, 'skip');
  return { filter, sort, limit, skip, ...(cursor !== undefined && { cursor }) };
}
