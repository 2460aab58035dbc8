import { type CatalogueError, errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { type CollectionDeclaration, type DataOptions, type FieldType, MAX_BULK_ITEMS } from './model';
import { isStorableText } from './validate-query';

// The seed's validation rules of the data service (section 5), each refused with its catalogue code (section 8)
// before the client opens a collection, asks for permission or stores anything. Where the seed names no code, the
// site's conventions in lib/core/errors.ts decide: a value of the wrong kind outside a filter is WDE0046 (`badValue`),
// a name the collection does not declare is WDE0045 (`unknownField`, as in a filter).
//
// An empty string is refused wherever a name or an id is asked for, with the code of a non-string: it can never name
// anything, and the caller learns which argument is wrong rather than getting "not found". So is an id or a value
// holding text no store can hold (U+0000, a lone surrogate: `isStorableText`), with the id's or the value's code.

/** A query's rules, kept apart for size: the client finds every check here. */
export { checkDataQuery, dataSchema, type DataQuery } from './validate-query';

const SAFE = 2 ** 53;
/**
 * Objects and lists nested in one field's value, at most (as in a MongoDB document): some thousands of levels deep, the
 * embedded store overflows its stack storing the item.
 */
const MAX_VALUE_DEPTH = 100;

/** `{}` or `Object.create(null)`: not an array, a Date, a Map or a class instance, which JSON never sends. */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const isName = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isId = (value: unknown): value is string => isName(value) && isStorableText(value);

/** A checker of a name or an id, refusing anything but a non-empty string with its own code. */
const nameCheck =
  (refuse: (message: string) => CatalogueError, what: string) =>
  (value: unknown): string => {
    if (!isName(value)) throw refuse(`${what} must be a non-empty string`);
    return value;
  };

export const checkCollectionId = nameCheck(errors.collectionNotString, 'collection name');
const UNSTORABLE_ID = 'must not hold U+0000 or a lone surrogate: no store keeps such an id';

export function checkItemId(value: unknown): string {
  const id = nameCheck(errors.itemIdNotString, 'item id')(value);
  if (!isStorableText(id)) throw errors.itemIdNotString(`item id ${UNSTORABLE_ID}`);
  return id;
}
export const checkFieldName = nameCheck(errors.fieldNameNotString, 'field name');

/** A remove's ids: an array of ids (a list that is not one is WDE0002 too), at most 1000 (WDE0068). */
export function checkIds(value: unknown): string[] {
  if (!Array.isArray(value)) throw errors.itemIdNotString('item ids must be an array of strings');
  if (value.length > MAX_BULK_ITEMS)
    throw errors.tooManyIds(`at most ${MAX_BULK_ITEMS} item ids per request, got ${value.length}`);
  return value.map((id, i) => {
    if (!isName(id)) throw errors.itemIdNotString(`item id ${i} must be a non-empty string`);
    if (!isStorableText(id)) throw errors.itemIdNotString(`item id ${i} ${UNSTORABLE_ID}`);
    return id;
  });
}

/** For an API that takes its arguments as a list: WDE0008 unless there are `min` to `max` of them. */
export function checkArgumentCount(operation: string, count: number, min: number, max = min): void {
  if (count < min || count > max) {
    const expected = min === max ? `${min}` : `${min} to ${max}`;
    throw errors.wrongArgumentCount(`${operation} takes ${expected} arguments, got ${count}`);
  }
}

const FLAGS = new Set(['suppressAuth', 'suppressHooks', 'showDrafts', 'consistentRead', 'overrideExisting']);

/**
 * The seed's options: five boolean flags and a non-empty language; absent is `{}`. The seed gives no code, so every
 * fault is WDE0046, the site's code for a value of the wrong kind outside a filter: WDE0004 would tell the caller
 * their item is wrong. A key that is no option is refused too: a misspelt `suppressAuth` must not pass unnoticed.
 */
export function checkOptions(value: unknown): DataOptions {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) throw errors.badValue('options must be an object');
  const options: Record<string, boolean | string> = {};
  for (const [name, option] of Object.entries(value)) {
    if (option === undefined) continue;
    if (FLAGS.has(name)) {
      if (typeof option !== 'boolean') throw errors.badValue(`option ${name} must be true or false`);
    } else if (name === 'language') {
      if (!isName(option)) throw errors.badValue('option language must be a non-empty string');
    } else {
      throw errors.badValue(`unknown option "${name}": options are ${[...FLAGS].join(', ')} and language`);
    }
    options[name] = option;
  }
  return options as DataOptions;
}

/** The id a reference names: an id, or an item (`_id`, or `id` as the platform's REST items have it). */
const referencedId = (value: unknown): string | undefined => {
  const id = isPlainObject(value) ? (value._id ?? value.id) : value;
  return isId(id) ? id : undefined;
};

/** The target of a reference operation (WDE0019). */
export function checkReferenceTarget(value: unknown): string {
  const id = referencedId(value);
  if (id === undefined) throw errors.badReference('a reference needs an item id or an item with a string _id');
  return id;
}

/** One target or a list of them (insert and replace take either): at least one, at most 1000 (WDE0068). */
export function checkReferenceTargets(value: unknown): string[] {
  if (!Array.isArray(value)) return [checkReferenceTarget(value)];
  if (value.length === 0) throw errors.badReference('a reference needs at least one item id or item');
  if (value.length > MAX_BULK_ITEMS)
    throw errors.tooManyIds(`at most ${MAX_BULK_ITEMS} references per request, got ${value.length}`);
  return value.map((target: unknown) => checkReferenceTarget(target));
}

/** The field of a reference operation: a declared multi-reference field (WDE0003, WDE0020). */
export function checkMultiReferenceField(collection: CollectionDeclaration, field: unknown): string {
  const name = checkFieldName(field);
  if (!Object.hasOwn(collection.fields, name) || collection.fields[name]!.type !== 'multiReference')
    throw errors.notMultiReference(`"${name}" is not a multi-reference field of "${collection.id}"`);
  return name;
}

/** System fields an item may carry back (as `get` returned it) but never sets: the client stamps them. */
const STAMPED = new Set(['_owner', '_createdDate', '_updatedDate']);

export interface ItemCheck {
  /** An update's item: it names the stored item by `_id` (WDE0007). */
  needsId?: boolean;
}

/**
 * An item to store: a plain object of declared fields and `_id` (WDE0004, WDE0002, WDE0007); returned as the client
 * should store it, without the stamped system fields and with references as ids.
 *
 * How strictly declared types are held: names strictly, values as leniently as Wix Data. A field the collection does
 * not declare, or a system field but `_id` and the stamped ones, is WDE0045: the declaration is what typos are caught
 * against, and such a field could never be queried. A value of another type than its field's (a number in a text
 * field) is stored as sent, as Wix Data does: a query then compares by type, so it meets no text condition. Checked
 * are only what the seed asks and what the store depends on:
 * - every number, at any depth, finite (WDE0046) and below 2^53 in magnitude (WDE0037): beyond that JSON and the
 *   store's doubles lose digits;
 * - every text and key, at any depth, storable (WDE0046: `isStorableText`), and at most 100 levels of nesting
 *   (WDE0046): the store refuses the one and overflows on the other;
 * - a reference field holds an id or an item, a multi-reference field a list of them (WDE0021): stored as ids, which
 *   queries and the reference operations compare.
 * `null` clears any field.
 */
export function checkItem(
  value: unknown,
  collection: CollectionDeclaration,
  { needsId = false }: ItemCheck = {},
): Record<string, unknown> {
  if (!isPlainObject(value)) throw errors.itemNotObject('item must be an object');
  const id = value._id;
  if (needsId && !isName(id)) throw errors.updateNeedsId('an updated item must have a string _id');
  if (id !== undefined && id !== null && !isName(id)) throw errors.itemIdNotString('_id must be a non-empty string');
  if (isName(id) && !isStorableText(id)) throw errors.itemIdNotString(`_id ${UNSTORABLE_ID}`);
  const item: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (name === '_id') {
      if (isName(field)) item._id = field;
    } else if (Object.hasOwn(collection.fields, name)) {
      item[name] = storedValue(name, collection.fields[name]!.type, field);
    } else if (!STAMPED.has(name)) {
      throw errors.unknownField(
        name.startsWith('_') ? `"${name}" is not a system field` : `"${name}" is not a field of "${collection.id}"`,
      );
    }
  }
  return item;
}

function storedValue(name: string, type: FieldType, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (type === 'reference') {
    const id = referencedId(value);
    if (id === undefined) throw errors.invalidReference(`"${name}" takes an item id or an item with a string _id`);
    return id;
  }
  if (type === 'multiReference') {
    const ids = Array.isArray(value) ? value.map((target: unknown) => referencedId(target)) : [undefined];
    if (ids.includes(undefined)) throw errors.invalidReference(`"${name}" takes a list of item ids or items`);
    return ids;
  }
  assertStorable(name, value);
  return value;
}

/**
 * Every number, text and key in a field's value, and its depth; iterative and visiting each object once, so nesting or
 * a cycle cannot hang it.
 */
function assertStorable(name: string, value: unknown): void {
  const pending: [unknown, number][] = [[value, 0]];
  const seen = new Set<object>();
  const unstorable = () =>
    errors.badValue(`"${name}" holds text with U+0000 or a lone surrogate, which cannot be stored`);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) throw errors.badValue(`"${name}" holds ${node}: numbers must be finite`);
      if (Math.abs(node) >= SAFE) throw errors.numberTooLarge(`"${name}" holds ${node}: numbers must be below 2^53`);
    } else if (typeof node === 'string') {
      if (!isStorableText(node)) throw unstorable();
    } else if (typeof node === 'object' && node !== null && !seen.has(node)) {
      if (depth >= MAX_VALUE_DEPTH)
        throw errors.badValue(`"${name}" is nested deeper than ${MAX_VALUE_DEPTH} levels of objects and lists`);
      seen.add(node);
      for (const [key, child] of Object.entries(node)) {
        if (!isStorableText(key)) throw unstorable();
        pending.push([child, depth + 1]);
      }
    }
  }
}

/**
 * A bulk insert's or save's items: an array of objects (WDE0005), at most 1000 (WDE0006); each checked as an item
 * when the collection is given.
 */
export function checkItems(
  value: unknown,
  collection?: CollectionDeclaration,
  check: ItemCheck = {},
): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw errors.itemsNotArray('items must be an array of objects');
  if (value.length > MAX_BULK_ITEMS)
    throw errors.tooManyItems(`cannot insert more than ${MAX_BULK_ITEMS} items in one request, got ${value.length}`);
  return value.map((item: unknown, i) => {
    if (!isPlainObject(item)) throw errors.itemsNotArray(`items must be an array of objects; item ${i} is not one`);
    return collection ? checkItem(item, collection, check) : item;
  });
}
