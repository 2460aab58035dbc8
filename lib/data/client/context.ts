import { randomUUID } from 'node:crypto';
import type { DataBackend } from '../backend';
import { dataErrors } from '../errors';
import { assertMayDo } from '../permissions';
import type { Caller, CollectionDeclaration, DataItem, DataOptions, Operation } from '../model';
import { checkCollectionId } from '../validate';

// What every operation of the items client shares: the backend (chosen once, when the client is made), the declared
// collections, the hooks and the change report, and the steps each operation takes in the same order: the collection
// opened, the caller authorized, the items stamped, the change reported.

export interface Hooks {
  beforeInsert?(item: DataItem): DataItem | Promise<DataItem>;
  afterInsert?(item: DataItem): void | Promise<void>;
  beforeUpdate?(item: DataItem): DataItem | Promise<DataItem>;
  afterUpdate?(item: DataItem): void | Promise<void>;
  beforeRemove?(id: string): void | Promise<void>;
  afterRemove?(item: DataItem): void | Promise<void>;
  beforeQuery?(query: unknown): unknown;
  afterQuery?(item: DataItem): DataItem | Promise<DataItem>;
}

/**
 * What one successful write changed: the items as they were (`before`: replaced, updated or removed) and as they are
 * (`after`: inserted, saved or updated), or `truncated` when the whole collection was emptied (its items unread).
 */
export type DataChange =
  | { collectionId: string; truncated: false; before: DataItem[]; after: DataItem[] }
  | { collectionId: string; truncated: true; before: []; after: [] };

export interface ClientSettings {
  backend: DataBackend;
  collections: CollectionDeclaration[];
  hooks?: Record<string, Hooks>;
  /**
   * Called after every write that changed items, whatever `suppressHooks` says (that option is about the collection's
   * own hooks; this is the site's, e.g. to clear cached pages). Its failure is logged; the write stands.
   */
  onChange?: (change: DataChange) => void | Promise<void>;
  now?: () => Date;
}

/** The client's shared state and steps, handed to each operation's factory. */
export interface ClientContext {
  readonly backend: DataBackend;
  /** The declared collections by id (`declare` adds to them). */
  readonly byId: Map<string, CollectionDeclaration>;
  readonly now: () => Date;
  /** The declared collection, prepared in the backend once; an undeclared name is WDE0025. */
  open(rawId: unknown): Promise<CollectionDeclaration>;
  /** Reports a write to `onChange`; a write that changed nothing is not reported. */
  changed(collectionId: string, before: DataItem[], after: DataItem[]): Promise<void>;
  report(change: DataChange): Promise<void>;
  hooksOf(collection: CollectionDeclaration, options: DataOptions): Hooks;
  /** A member reading a SITE_MEMBER_AUTHOR collection sees only their own items. */
  visibleTo<F>(collection: CollectionDeclaration, caller: Caller, options: DataOptions, filter: F): F;
  authorize(collection: CollectionDeclaration, operation: Operation, caller: Caller, options: DataOptions): void;
  /** New items get an id, dates and their author; an item keeps its own `_id` when it brings one. */
  stamp(
    collection: CollectionDeclaration,
    fields: Record<string, unknown>,
    caller: Caller,
    existing?: DataItem,
  ): DataItem;
}

const isDateField = (collection: CollectionDeclaration, name: string) =>
  collection.fields[name]?.type === 'date' || collection.fields[name]?.type === 'datetime';

/** Dates are stored as ISO strings in UTC, which compare and sort as text; what does not parse is kept as sent. */
const isoDate = (value: unknown) => {
  const millis = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(millis) ? value : new Date(millis).toISOString();
};

/**
 * The system clock, never giving the same millisecond twice: items sort by `_createdDate` (then `_id`, a random UUID),
 * so two written within one millisecond (a comment and its reply) would come back in either order. A later one is
 * stamped at least 1 ms later; a burst of more than 1,000 writes a second runs ahead of the wall clock by the excess.
 */
function monotonicClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}

export function createClientContext({
  backend,
  collections,
  hooks = {},
  onChange,
  now = monotonicClock(),
}: ClientSettings): ClientContext {
  const byId = new Map(collections.map((c) => [c.id, c]));
  const prepared = new Map<string, Promise<void>>();

  async function report(change: DataChange) {
    if (!onChange) return;
    try {
      await onChange(change);
    } catch (error) {
      // One line, without the items: they may hold a reader's data.
      const message = error instanceof Error ? error.message : String(error);
      console.error(
        JSON.stringify({ msg: 'data change hook failed', collection: change.collectionId, error: message }),
      );
    }
  }

  return {
    backend,
    byId,
    now,
    report,

    async changed(collectionId, before, after) {
      if (before.length || after.length) await report({ collectionId, truncated: false, before, after });
    },

    async open(rawId) {
      const id = checkCollectionId(rawId);
      const collection = byId.get(id);
      if (!collection) throw dataErrors.unknownCollection(id);
      let ready = prepared.get(id);
      if (!ready) {
        const attempt = backend.prepare(collection);
        prepared.set(id, (ready = attempt));
        // A failed preparation (the database server down) is tried again by the next call, not remembered.
        attempt.catch(() => {
          if (prepared.get(id) === attempt) prepared.delete(id);
        });
      }
      await ready;
      return collection;
    },

    hooksOf: (collection, options) => (options.suppressHooks ? {} : (hooks[collection.id] ?? {})),

    visibleTo<F>(collection: CollectionDeclaration, caller: Caller, options: DataOptions, filter: F) {
      if (options.suppressAuth || collection.permissions.read !== 'SITE_MEMBER_AUTHOR' || caller.roles.has('ADMIN')) {
        return filter;
      }
      const own = { kind: 'condition', op: '$eq', field: '_owner', value: caller.memberId ?? null } as const;
      return { kind: 'and', nodes: [filter, own] } as unknown as F;
    },

    authorize(collection, operation, caller, options) {
      if (!options.suppressAuth) assertMayDo(collection, operation, caller);
    },

    stamp(collection, fields, caller, existing) {
      const at = now().toISOString();
      // The system fields are the service's to set: whatever a caller sends for them (but `_id`) is dropped.
      const rest = Object.fromEntries(
        Object.entries(fields)
          .filter(([name]) => !name.startsWith('_'))
          .map(([name, value]) => [name, isDateField(collection, name) ? isoDate(value) : value]),
      );
      return {
        ...rest,
        _id: typeof fields._id === 'string' ? fields._id : randomUUID(),
        ...((existing?._owner ?? caller.memberId) && { _owner: existing?._owner ?? caller.memberId }),
        _createdDate: existing?._createdDate ?? at,
        _updatedDate: at,
      };
    },
  };
}
