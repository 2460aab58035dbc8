import type { FieldKind } from '@/lib/core/query/schema';

// The data-collection service's vocabulary (the seed's sections 5, 6 and 9), shared by the client, the validation
// rules and both backends, which import it from here; features import it through types.ts, the port's door.
// Collections are declared in code (collections.ts); item types derive from the declaration.

/** The seed's data field types. */
export type FieldType =
  | 'text'
  | 'number'
  | 'date'
  | 'datetime'
  | 'image'
  | 'boolean'
  | 'reference'
  | 'multiReference'
  | 'richText'
  | 'url'
  | 'array'
  | 'object';

/** How each field type is queried; object and rich-text fields are not (WDE0045 in a filter, WDE0051 in a sort). */
export const FIELD_KINDS: Partial<Record<FieldType, FieldKind>> = {
  text: 'string',
  url: 'string',
  image: 'string',
  reference: 'string',
  number: 'number',
  date: 'date',
  datetime: 'date',
  boolean: 'boolean',
  array: 'stringArray',
  multiReference: 'stringArray',
};

export interface FieldDeclaration {
  type: FieldType;
  /** Queried often: the embedded backend keeps an index on it. */
  indexed?: boolean;
  /** For reference and multi-reference fields: the collection referred to. */
  references?: string;
}

/** Who may do an operation: the seed's roles, from the widest to the narrowest. */
export type Role = 'ANYONE' | 'SITE_MEMBER' | 'SITE_MEMBER_AUTHOR' | 'CMS_EDITOR' | 'ADMIN' | 'PRIVILEGED';

export type Operation = 'read' | 'insert' | 'update' | 'remove';

export interface CollectionDeclaration<F extends Record<string, FieldDeclaration> = Record<string, FieldDeclaration>> {
  id: string;
  fields: F;
  permissions: Record<Operation, Role>;
  /**
   * What the site does with it, for the owner ("series on posts"): where the collection must be made outside the site
   * (a Wix site's CMS) and is missing, that is what is off (lib/data/reads.ts, the dashboard's setup panel).
   */
  feature?: string;
  /**
   * Not served by the JSON API: the site's own code alone reads and writes it (lib/members' members, which hold
   * password hashes). The API answers its name exactly as an unknown collection's (404 WDE0025).
   */
  internal?: boolean;
}

type FieldValue<T extends FieldType> = T extends 'number'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'multiReference' | 'array'
      ? unknown[]
      : T extends 'object' | 'richText'
        ? Record<string, unknown>
        : string;

/** The system fields every item carries. */
export interface SystemFields {
  _id: string;
  /** The member who inserted it (SITE_MEMBER_AUTHOR's "author"); absent for a visitor's or the owner's item. */
  _owner?: string;
  _createdDate: string;
  _updatedDate: string;
}

/** An item of a declared collection: its declared fields (each optional, as in Wix Data) and the system fields. */
export type ItemOf<C extends CollectionDeclaration> = SystemFields & {
  [K in keyof C['fields']]?: FieldValue<C['fields'][K]['type']>;
};

export type DataItem = SystemFields & Record<string, unknown>;

/** The seed's options: boolean flags and a language. */
export interface DataOptions {
  suppressAuth?: boolean;
  suppressHooks?: boolean;
  showDrafts?: boolean;
  consistentRead?: boolean;
  overrideExisting?: boolean;
  language?: string;
}

/** Who is calling: the roles they hold (a visitor holds ANYONE only) and, for a member, their id. */
export interface Caller {
  roles: ReadonlySet<Role>;
  memberId?: string;
}

export const DEFAULT_DATA_PAGE_SIZE = 50;
/** The largest page a query returns (the seed does not give the platform's; the blog service's is 100). */
export const MAX_DATA_PAGE_SIZE = 1000;
/** Items per bulk request and ids per list. */
export const MAX_BULK_ITEMS = 1000;
