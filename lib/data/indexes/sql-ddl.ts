import { createHash } from 'node:crypto';
import { fieldExpression } from '../sql';
import type { SqlExecutor } from '../sql-database';
import type { CollectionDeclaration } from '../model';
import { INDEX_FAILURES, type IndexFailure, type IndexSpec } from './types';

// The Postgres index behind an index of the SQL backends (sql.ts): its name, the statements that make and drop it,
// built on the expressions the filters compare, and why a build failed, in Wix's words.

/** Postgres names of the indexes made here: `dix_` and a hash of collection and name (Postgres keeps 63 bytes). */
export const PREFIX = 'dix_';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const sqlNameOf = (collectionId: string, name: string) =>
  PREFIX + createHash('sha256').update(`${collectionId}\0${name}`).digest('hex').slice(0, 24);

/** The indexed expressions of an index, as the filters compare them (lower() of text when case-insensitive). */
function expressions(collection: CollectionDeclaration, spec: Pick<IndexSpec, 'fields' | 'caseInsensitive'>) {
  return spec.fields.map(({ path, order }) => {
    const { sql, kind } = fieldExpression(collection, path);
    return { sql: spec.caseInsensitive && kind === 'string' ? `lower(${sql})` : sql, kind, order, path };
  });
}

/** CREATE INDEX for the spec, on the collection's table `t`. */
export function createStatement(t: string, collection: CollectionDeclaration, spec: IndexSpec, sqlName: string) {
  const parts = expressions(collection, spec);
  if (parts.some((part) => part.kind === 'stringArray'))
    return `create index ${quote(sqlName)} on ${t} using gin ((${parts[0]!.sql}))`;
  const columns = parts.map((part) => `(${part.sql}) ${part.order === 'DESC' ? 'desc' : 'asc'}`).join(', ');
  return `create ${spec.unique ? 'unique ' : ''}index ${quote(sqlName)} on ${t} (${columns})`;
}

export const dropStatement = (sqlName: string) => `drop index if exists ${quote(sqlName)}`;

/**
 * Why a build failed, as Wix's `Failure`: a repeated value (and an item of the collection's table `t` holding it), a
 * value too large, else.
 */
export async function failureOf(
  db: SqlExecutor,
  t: string,
  collection: CollectionDeclaration,
  spec: IndexSpec,
  error: unknown,
): Promise<IndexFailure> {
  const code = (error as { code?: unknown }).code;
  if (code === '23505') {
    const { sql } = expressions(collection, spec)[0]!;
    const { rows } = await db
      .query<{ _id: string }>(
        `select _id from ${t} where ${sql} = (select ${sql} from ${t} where ${sql} is not null group by ${sql} ` +
          'having count(*) > 1 limit 1) order by _created_date desc, _id desc limit 1',
      )
      .catch(() => ({ rows: [] as { _id: string }[] }));
    const paths = spec.fields.map((f) => f.path).join(', ');
    return {
      code: INDEX_FAILURES.duplicateKey,
      description:
        `Duplicate key error while building collection index: more than one item holds the same value of ${paths}` +
        `${spec.caseInsensitive ? ' (ignoring case)' : ''}`,
      itemId: rows[0]?._id ?? null,
    };
  }
  if (code === '54000')
    return {
      code: INDEX_FAILURES.tooLarge,
      description: 'Document too large while building collection index: a value is too large to index',
    };
  return {
    code: INDEX_FAILURES.unknown,
    description: `Unknown error while building collection index${typeof code === 'string' ? ` (SQLSTATE ${code})` : ''}`,
  };
}
