import type { Aggregation, FilterTree, SortKey } from './backend';
import type { FieldKind } from '@/lib/core/query/schema';
import { type CollectionDeclaration, FIELD_KINDS } from './model';

// The Wix filter language (lib/core/query) as Postgres SQL over one table per collection: the system fields are
// columns, the declared fields live in a jsonb `data` column. Values always travel as parameters ($1...), never in the
// SQL text. The meaning is the blog's (`matches` in lib/blog/query/filter.ts): text operators fold case, `$between`
// includes its start and excludes its end, `$eq null` means empty. Dates are ISO strings in UTC (the client writes them
// so), which order as text; the filter parser hands dates over as epoch milliseconds.

type Kind = FieldKind;

const SYSTEM: Record<string, { column: string; kind: Kind }> = {
  _id: { column: '_id', kind: 'string' },
  _owner: { column: '_owner', kind: 'string' },
  _createdDate: { column: '_created_date', kind: 'date' },
  _updatedDate: { column: '_updated_date', kind: 'date' },
};

/** A field's name as a SQL string literal: declared names are checked identifiers, quotes doubled all the same. */
const literal = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** The SQL expression a field is compared by; an index on a field is built on this same expression. */
export function fieldExpression(collection: CollectionDeclaration, field: string): { sql: string; kind: Kind } {
  const system = SYSTEM[field];
  if (system) return { sql: system.column, kind: system.kind };
  const kind = FIELD_KINDS[collection.fields[field]?.type ?? 'object'];
  if (!kind) throw new Error(`field "${field}" of ${collection.id} cannot be filtered or sorted`);
  const json = `data->${literal(field)}`;
  if (kind === 'number')
    return { sql: `(case when jsonb_typeof(${json}) = 'number' then (${json})::numeric end)`, kind };
  if (kind === 'boolean')
    return { sql: `(case when jsonb_typeof(${json}) = 'boolean' then (${json})::boolean end)`, kind };
  if (kind === 'stringArray') return { sql: json, kind };
  return { sql: `(data->>${literal(field)})`, kind };
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const dateText = (value: unknown) => (typeof value === 'number' ? new Date(value).toISOString() : value);

function condition(collection: CollectionDeclaration, node: Extract<FilterTree, { kind: 'condition' }>, p: Params) {
  const { sql: x, kind } = fieldExpression(collection, node.field);
  const v = kind === 'date' ? dateText(node.value) : node.value;
  const empty =
    kind === 'stringArray'
      ? `(${x} is null or ${x} = '[]'::jsonb)`
      : kind === 'string'
        ? `coalesce(${x}, '') = ''`
        : `${x} is null`;
  const folded = (pattern: string) => `lower(${x}) like lower(${pattern}) escape '\\'`;
  const like = (text: unknown) => String(text).replace(/[\\%_]/g, (c) => `\\${c}`);
  switch (node.op) {
    case '$eq':
      if (v === null) return empty;
      return kind === 'stringArray' ? `${x} @> jsonb_build_array(${p.add(v)}::text)` : `${x} = ${p.add(v)}`;
    case '$ne':
      if (v === null) return `not ${empty}`;
      return kind === 'stringArray'
        ? `not coalesce(${x} @> jsonb_build_array(${p.add(v)}::text), false)`
        : `${x} is distinct from ${p.add(v)}`;
    case '$gt':
      return `${x} > ${p.add(v)}`;
    case '$gte':
      return `${x} >= ${p.add(v)}`;
    case '$lt':
      return `${x} < ${p.add(v)}`;
    case '$lte':
      return `${x} <= ${p.add(v)}`;
    case '$between': {
      const [from, to] = (node.value as unknown[]).map((e) => (kind === 'date' ? dateText(e) : e));
      return `(${x} >= ${p.add(from)} and ${x} < ${p.add(to)})`;
    }
    case '$in':
    case '$hasSome': {
      const values = (node.value as unknown[]).map((e) => (kind === 'date' ? dateText(e) : e));
      if (kind === 'stringArray') return `${x} ?| ${p.add(values.map(String))}::text[]`;
      return `${x} = any(${p.add(values)})`;
    }
    case '$hasAll':
      return `${x} ?& ${p.add((node.value as unknown[]).map(String))}::text[]`;
    case '$exists':
      return v ? `${x} is not null` : `${x} is null`;
    case '$isEmpty':
      return v ? empty : `not ${empty}`;
    case '$isNotEmpty':
      return v ? `not ${empty}` : empty;
    case '$startsWith':
      return folded(`${p.add(like(v))} || '%'`);
    case '$endsWith':
      return folded(`'%' || ${p.add(like(v))}`);
    case '$contains':
      return folded(`'%' || ${p.add(like(v))} || '%'`);
  }
}

function tree(collection: CollectionDeclaration, node: FilterTree, p: Params): string {
  switch (node.kind) {
    case 'and':
      return node.nodes.length ? `(${node.nodes.map((n) => tree(collection, n, p)).join(' and ')})` : 'true';
    case 'or':
      return node.nodes.length ? `(${node.nodes.map((n) => tree(collection, n, p)).join(' or ')})` : 'false';
    case 'not':
      return `not coalesce(${tree(collection, node.node, p)}, false)`;
    // Bare, so Postgres can use an index on the field's expression (a coalesce around it hides the index). A NULL
    // condition drops its row in a WHERE clause and in and/or the same as false; only `not` must turn it to false.
    case 'condition':
      return condition(collection, node, p);
  }
}

/** A WHERE clause and its parameters. */
export function whereClause(collection: CollectionDeclaration, filter: FilterTree, params = new Params()) {
  return { sql: tree(collection, filter, params), params };
}

/**
 * SELECT parts of an aggregation: the group expressions, as `"_g0"`... columns (`alias`), and each operation, as
 * `"name"` columns. A result name starts with a letter (lib/data/aggregate.ts), so it never takes a group's alias.
 */
export function aggregateSelect(collection: CollectionDeclaration, aggregation: Aggregation) {
  const groups = aggregation.groupBy.map((field, i) => ({
    field,
    sql: fieldExpression(collection, field).sql,
    alias: `_g${i}`,
  }));
  const operations = Object.entries(aggregation.operations).map(([name, { op, field }]) => {
    const value = op === 'count' ? 'count(*)::int' : `${op}(${fieldExpression(collection, field!).sql})`;
    return `${value} as "${name.replace(/"/g, '""')}"`;
  });
  const select = [...groups.map((g) => `${g.sql} as "${g.alias}"`), ...operations].join(', ');
  const groupBy = groups.length ? ` group by ${groups.map((g) => g.sql).join(', ')}` : '';
  const order = groups.length ? ` order by ${groups.map((g) => `"${g.alias}"`).join(', ')}` : '';
  return { select, groupBy, order, groups };
}

/** ORDER BY for the sort, always ending with `_id` so pages are stable. */
export function orderBy(collection: CollectionDeclaration, sort: SortKey[]): string {
  const keys = sort.map(
    (s) => `${fieldExpression(collection, s.fieldName).sql} ${s.order === 'DESC' ? 'desc' : 'asc'}`,
  );
  return [...keys, '_id asc'].join(', ');
}

export type { Params };
