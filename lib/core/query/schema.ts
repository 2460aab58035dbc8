// What the query language knows of the fields it filters and sorts: their kind and whether they sort. Each service
// hands the parser its own schema (the blog's post fields, a data collection's declared and system fields), so the
// language is parsed and checked by one parser for both.

export type FieldKind = 'string' | 'date' | 'boolean' | 'number' | 'stringArray';

export interface FieldInfo {
  kind: FieldKind;
  sortable: boolean;
  /** Id lists get their own "too many ids" code (WDE0068 rather than WDE0069). */
  ids?: boolean;
}

/** A field a query named, resolved: `name` is typed, so a parsed post filter names post fields only. */
export type Field<F extends string = string> = FieldInfo & { name: F };

/**
 * The fields a query may name. `field` answers undefined for any other name (a field that exists but may not be
 * filtered, such as a rich-text one, too): the parser then answers WDE0045 in a filter and WDE0051 in a sort.
 */
export interface FieldSchema<F extends string = string> {
  field(name: string): Field<F> | undefined;
}

/** A schema from a record of fields; a Map, so names such as `constructor` or `__proto__` are never fields. */
export function fieldSchema<F extends string>(fields: Record<F, FieldInfo>): FieldSchema<F> {
  const byName = new Map<string, Field<F>>();
  for (const [name, { kind, sortable, ids }] of Object.entries<FieldInfo>(fields)) {
    byName.set(name, { name: name as F, kind, sortable, ...(ids && { ids }) });
  }
  return { field: (name) => byName.get(name) };
}
