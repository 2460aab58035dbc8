// What the stand-in's parts (stand-in-blog.ts, -data.ts, -members.ts, -plans.ts, -comments.ts) share: a call, an
// answer, Wix's error answer, and the Wix filter language and sorts over JSON.

export type Json = Record<string, unknown>;

/** Who a call comes from: the site's API key, a visitor's or a member's access token, or no one. */
export type Caller = { kind: 'site' } | { kind: 'visitor' } | { kind: 'member'; memberId: string } | { kind: 'none' };

/** One call: its method, its route (the path without its `/blog` or `/_api` prefix), query, body and caller. */
export interface Call {
  method: string;
  route: string;
  query: URLSearchParams;
  /** The JSON body (empty without one). */
  body: Json;
  /** A form's fields (`application/x-www-form-urlencoded`: the login page's). */
  form: URLSearchParams;
  caller: Caller;
  /** The stand-in's own origin, as the caller reached it. */
  origin: string;
}

/** One call's answer: its HTTP status and its JSON body (or a text, with its content type). */
export interface Answer {
  status: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** A Wix error answer: `{ message, details: { applicationError: { code, description } } }`. */
export const wixError = (status: number, code: string, message: string): Answer => ({
  status,
  body: { message, details: { applicationError: { code, description: message } } },
});

/** Wix's answer for what it does not have (a post, a tag, a route). */
export const notFound = (what: string) => wixError(404, 'NOT_FOUND', `${what} not found`);

/** What a cursor the stand-in gave stands for (its query's state, JSON in base64url), or undefined for another. */
export function readCursor<T extends { offset: number }>(cursor: string): T | undefined {
  try {
    const state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as T;
    return state && typeof state === 'object' && Number.isInteger(state.offset) ? state : undefined;
  } catch {
    return undefined;
  }
}

/** A field sort as Wix takes it (`fieldName`, `order` ASC or DESC). */
export type SortOrder = { fieldName?: string; order?: string };

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
export function matches(item: object, filter: unknown): boolean {
  if (!filter || typeof filter !== 'object') return true;
  return Object.entries(filter as Json).every(([key, cond]) => {
    if (key === '$and') return (cond as unknown[]).every((f) => matches(item, f));
    if (key === '$or') return (cond as unknown[]).some((f) => matches(item, f));
    if (key === '$not') return !matches(item, cond);
    const value = get(item, key);
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

/** The items in the sort's order, ties broken by id. */
export function sorted<T extends object>(items: T[], sort: SortOrder[]): T[] {
  const keys = [...sort, { fieldName: 'id', order: 'ASC' }];
  return [...items].sort((a, b) => {
    for (const k of keys) {
      const c = cmp(get(a, k.fieldName ?? 'id'), get(b, k.fieldName ?? 'id'));
      if (c) return k.order === 'DESC' ? -c : c;
    }
    return 0;
  });
}
