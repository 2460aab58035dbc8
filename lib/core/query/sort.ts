import { errors } from '@/lib/core/errors';
import type { FieldSchema } from './schema';

// Sorts in the query language, for any schema: a list of { fieldName, order } on sortable fields.

export interface SortSpec<F extends string = string> {
  fieldName: F;
  order: 'ASC' | 'DESC';
}

const MAX_SORT_FIELDS = 5;

/**
 * Validates a raw `sort` array over the fields of `schema` (WDE0050, WDE0051). None given (or an empty list) is
 * `[]`: each service has its own default order.
 */
export function parseSort<F extends string>(raw: unknown, schema: FieldSchema<F>): SortSpec<F>[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw errors.sortNotSortable('sort must be an array of { fieldName, order }');
  if (raw.length > MAX_SORT_FIELDS) throw errors.sortNotSortable(`sort takes at most ${MAX_SORT_FIELDS} fields`);
  const specs = raw.map((item: unknown): SortSpec<F> => {
    const spec = (typeof item === 'object' && item !== null ? item : {}) as { fieldName?: unknown; order?: unknown };
    if (typeof spec.fieldName !== 'string') throw errors.sortFieldNotString('sort fieldName must be a string');
    const field = schema.field(spec.fieldName);
    if (!field?.sortable) throw errors.sortNotSortable(`"${spec.fieldName}" is not sortable`);
    const order = spec.order ?? 'ASC';
    if (order !== 'ASC' && order !== 'DESC') throw errors.sortNotSortable('sort order must be ASC or DESC');
    return { fieldName: field.name, order };
  });
  if (new Set(specs.map((s) => s.fieldName)).size !== specs.length)
    throw errors.sortNotSortable('a field may appear in sort only once');
  return specs;
}
