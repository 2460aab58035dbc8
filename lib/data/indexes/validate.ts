import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { checkLimit, checkOffset } from '@/lib/core/query/paging';
import { type CollectionDeclaration, DEFAULT_DATA_PAGE_SIZE, FIELD_KINDS, MAX_DATA_PAGE_SIZE } from '../model';
import { isStorableText } from '../validate-query';
import { INDEX_LIMITS, type IndexField, type IndexSpec } from './types';

// A Create Index request's `index` (Wix's `Index`: name, fields [{ path, order }], unique, caseInsensitive) checked
// against Wix's limits and the collection's fields, before anything is stored: every refusal is a 4xx of the
// catalogue. A field is one the service can filter and sort by (a declared field of a queryable type, or a system
// field): an index is built on the very expression a filter compares (lib/data/sql.ts fieldExpression), so the
// queries use it; an index on a field no query can name would serve none.

/** The system fields every item has (lib/data/validate-query.ts's SYSTEM_FIELDS). */
const SYSTEM_FIELDS = new Set(['_id', '_owner', '_createdDate', '_updatedDate']);
/** What an `Index` may carry: these, and its read-only fields (sent back as listed), which are ignored. */
const INDEX_KEYS = new Set(['name', 'fields', 'unique', 'caseInsensitive', 'source']);
const READ_ONLY = new Set(['id', '_id', 'status', 'failure']);
const FIELD_KEYS = new Set(['path', 'order']);

const bad = (message: string) => errors.badValue(`index: ${message}`);

function flag(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw bad(`${name} must be true or false`);
  return value;
}

/** The kind of query a field takes ('stringArray' for a list), or undefined when no filter can name it. */
export function indexedKind(collection: CollectionDeclaration, path: string) {
  if (SYSTEM_FIELDS.has(path)) return path.endsWith('Date') ? 'date' : 'string';
  const declared = Object.hasOwn(collection.fields, path) ? collection.fields[path] : undefined;
  return declared ? FIELD_KINDS[declared.type] : undefined;
}

function checkField(raw: unknown, collection: CollectionDeclaration): IndexField {
  if (!isRecord(raw)) throw bad('each of fields must be an object { path, order }');
  for (const key of Object.keys(raw)) if (!FIELD_KEYS.has(key)) throw bad(`a field has path and order, not "${key}"`);
  const { path, order = 'ASC' } = raw;
  if (typeof path !== 'string') throw errors.fieldNameNotString('index: a field path must be a string');
  if (path === '' || path.length > INDEX_LIMITS.path)
    throw bad(`a field path has 1 to ${INDEX_LIMITS.path} characters`);
  if (!indexedKind(collection, path)) {
    throw errors.unknownField(
      `index: "${path}" is not a field of "${collection.id}" that a query can filter by (a declared field of a ` +
        'text, number, date, boolean, reference or list type, or _id, _owner, _createdDate, _updatedDate)',
    );
  }
  if (order !== 'ASC' && order !== 'DESC') throw errors.notAChoice('index: a field order is ASC or DESC');
  return { path, order };
}

/** A Create Index request's `index`, checked (400 WDE0003, 0045, 0046, 0051). */
export function checkIndexSpec(raw: unknown, collection: CollectionDeclaration): IndexSpec {
  if (!isRecord(raw)) throw bad('must be an object { name, fields: [{ path, order }], unique, caseInsensitive }');
  for (const key of Object.keys(raw))
    if (!INDEX_KEYS.has(key) && !READ_ONLY.has(key))
      throw bad(`unknown key "${key}": an index has ${[...INDEX_KEYS].join(', ')}`);
  const { name, fields } = raw;
  if (typeof name !== 'string') throw bad('name must be a string');
  if (name === '' || name.length > INDEX_LIMITS.name) throw bad(`name has 1 to ${INDEX_LIMITS.name} characters`);
  if (!isStorableText(name)) throw bad('name must not hold U+0000 or a lone surrogate');
  if (raw.source !== undefined && raw.source !== null && raw.source !== 'USER')
    throw errors.notAChoice('index: source is USER (SYSTEM and AUTO indexes are the platform’s own)');
  const unique = flag(raw.unique, 'unique');
  const caseInsensitive = flag(raw.caseInsensitive, 'caseInsensitive');
  const most = unique ? INDEX_LIMITS.uniqueFields : INDEX_LIMITS.fields;
  if (!Array.isArray(fields) || fields.length === 0) throw bad('fields must be a list of 1 or more { path, order }');
  if (fields.length > most)
    throw bad(`${unique ? 'a unique index has 1 field' : `an index has at most ${most} fields`}, not ${fields.length}`);
  const checked = fields.map((field) => checkField(field, collection));
  const paths = checked.map((field) => field.path);
  if (new Set(paths).size !== paths.length) throw bad('a field is named twice');
  // A list field is indexed by its elements (a GIN index: what $hasSome, $hasAll and $eq of an element use), alone.
  const lists = paths.filter((path) => indexedKind(collection, path) === 'stringArray');
  if (lists.length && (paths.length > 1 || unique))
    throw bad(`the list field ${lists[0]} can only be indexed alone, in an index that is not unique`);
  return { name, fields: checked, unique, caseInsensitive };
}

/** An index's name in a Drop Index request (400 WDE0046 when missing or not a string). */
export function checkIndexName(raw: unknown): string {
  if (typeof raw !== 'string' || raw === '') throw errors.badValue('indexName must be a non-empty string');
  return raw;
}

/** List Indexes' `paging: { limit, offset }` (WDE0032 to WDE0037), with the data service's page sizes. */
export function checkIndexPaging(raw: unknown): { limit: number; offset: number } {
  if (raw !== undefined && raw !== null && !isRecord(raw)) throw errors.limitNotNumber('paging must be an object');
  const paging = isRecord(raw) ? raw : {};
  return {
    limit: checkLimit(paging.limit, DEFAULT_DATA_PAGE_SIZE, MAX_DATA_PAGE_SIZE),
    offset: checkOffset(paging.offset),
  };
}
