import { type BackendQuery, type DataBackend, type FilterTree, ItemExistsError } from './backend';
import { createSqlIndexes } from './indexes/sql';
import { makeCollectionTable, MIGRATIONS, migratedDatabase, type MigrationOptions, SCHEMA_LOCK } from './migrations';
import { aggregateSelect, fieldExpression, orderBy, whereClause } from './sql';
import type { CollectionDeclaration, DataItem } from './model';
import type { SqlDatabase } from './sql-database';

// The data backend on any Postgres: the embedded one (PGlite, embedded.ts) and a Postgres server (postgres.ts) run this
// same SQL, through the few calls `SqlDatabase` names. One table per collection: the system fields as columns, the
// declared fields in a jsonb `data` column; an index per `indexed: true` field on the expression the filters use, and
// the owner's indexes (lib/data/indexes/sql.ts: Wix Data's Create, List and Drop Index) on those same expressions.
// The tables' shape and the registries are the numbered migrations' (lib/data/migrations), applied before the first
// statement of each process; a collection's table is made at its first use in the shape they give.

interface Row {
  _id: string;
  _owner: string | null;
  _created_date: string;
  _updated_date: string;
  data: Record<string, unknown>;
}

const table = (collectionId: string) => `"data_${collectionId.replace(/"/g, '""')}"`;

const toItem = (row: Row): DataItem => ({
  ...row.data,
  _id: row._id,
  ...(row._owner !== null && { _owner: row._owner }),
  _createdDate: row._created_date,
  _updatedDate: row._updated_date,
});

const toRow = ({ _id, _owner, _createdDate, _updatedDate, ...data }: DataItem) => [
  _id,
  _owner ?? null,
  _createdDate,
  _updatedDate,
  data,
];

const COLUMNS = '_id, _owner, _created_date, _updated_date, data';

export function createSqlBackend(raw: SqlDatabase, name: string, options: MigrationOptions = {}): DataBackend {
  const db = migratedDatabase(raw, options);
  const migrations = options.migrations ?? MIGRATIONS;
  const collections = new Map<string, CollectionDeclaration>();
  const declared = (id: string) => {
    const collection = collections.get(id);
    if (!collection) throw new Error(`collection ${id} was not prepared`);
    return collection;
  };
  const indexes = createSqlIndexes(db, { table });
  const isDuplicate = (error: unknown) => (error as { code?: string }).code === '23505';
  /** The id Postgres names in a unique violation ("Key (_id)=(x) already exists."), else the first of the batch. */
  const duplicateId = (error: unknown, rows: DataItem[]) =>
    /Key \(_id\)=\((.*)\) already exists/.exec((error as { detail?: string }).detail ?? '')?.[1] ?? rows[0]!._id;

  /** All rows in one statement (unnest of one array per column): all or none, ~8× faster than a row per statement. */
  async function write(collectionId: string, items: DataItem[], conflict: 'fail' | 'replace') {
    // A save naming one id twice keeps the last (Postgres refuses to update one row twice in a statement).
    const rows = conflict === 'replace' ? [...new Map(items.map((i) => [i._id, i])).values()] : items;
    const columns = [0, 1, 2, 3, 4].map((c) => rows.map((item) => toRow(item)[c]));
    const onConflict =
      conflict === 'replace'
        ? ' on conflict (_id) do update set _owner = excluded._owner, _created_date = excluded._created_date, ' +
          '_updated_date = excluded._updated_date, data = excluded.data'
        : '';
    try {
      await db.query(
        `insert into ${table(collectionId)} (${COLUMNS}) ` +
          `select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[])${onConflict}`,
        columns,
      );
    } catch (error) {
      // A unique index of the collection's (lib/data/indexes) refusing a value: 409 WDE0123; the `_id`: 409 WDE0074.
      throw (
        (await indexes.conflict(error, collectionId)) ??
        (isDuplicate(error) ? new ItemExistsError(duplicateId(error, rows)) : error)
      );
    }
  }

  return {
    name,
    sql: db,
    indexes: indexes.backend,

    async prepare(collection) {
      const t = table(collection.id);
      await db.transaction(async (tx) => {
        await tx.query(SCHEMA_LOCK);
        await makeCollectionTable(tx, t, migrations);
        for (const [field, declaration] of Object.entries(collection.fields)) {
          if (!declaration.indexed) continue;
          const index = `"idx_${collection.id}_${field}"`.replace(/[^\w"]/g, '_');
          await tx.query(`create index if not exists ${index} on ${t} ((${fieldExpression(collection, field).sql}))`);
        }
      });
      collections.set(collection.id, collection);
    },

    async get(collectionId, id) {
      const { rows } = await db.query<Row>(`select ${COLUMNS} from ${table(collectionId)} where _id = $1`, [id]);
      return rows[0] ? toItem(rows[0]) : null;
    },

    insert: (collectionId, items) => write(collectionId, items, 'fail'),
    save: (collectionId, items) => write(collectionId, items, 'replace'),

    async update(collectionId, items) {
      // One transaction: a failure on the way (a dropped connection) leaves none of the items updated. A unique index
      // refusing a value is 409 WDE0123, nothing updated.
      const updating = db.transaction(async (tx) => {
        const missing: string[] = [];
        for (const item of items) {
          // The stored owner and creation date stay: an update replaces the fields, not the item's history.
          const { affectedRows } = await tx.query(
            `update ${table(collectionId)} set _updated_date = $2, data = $3 where _id = $1`,
            [item._id, item._updatedDate, toRow(item)[4]],
          );
          if (!affectedRows) missing.push(item._id);
        }
        return missing;
      });
      return updating.catch(async (error: unknown) => {
        throw (await indexes.conflict(error, collectionId)) ?? error;
      });
    },

    async remove(collectionId, ids) {
      const { rows } = await db.query<Row>(
        `delete from ${table(collectionId)} where _id = any($1) returning ${COLUMNS}`,
        [ids],
      );
      return rows.map(toItem);
    },

    async truncate(collectionId) {
      await db.query(`truncate ${table(collectionId)}`);
    },

    async count(collectionId, filter: FilterTree) {
      const where = whereClause(declared(collectionId), filter);
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from ${table(collectionId)} where ${where.sql}`,
        where.params.values,
      );
      return rows[0]?.n ?? 0;
    },

    async query(collectionId, query: BackendQuery) {
      const collection = declared(collectionId);
      const where = whereClause(collection, query.filter);
      const t = table(collectionId);
      const page = where.params.add(query.limit);
      const skip = where.params.add(query.skip);
      const [{ rows }, total] = await Promise.all([
        db.query<Row>(
          `select ${COLUMNS} from ${t} where ${where.sql} order by ${orderBy(collection, query.sort)} ` +
            `limit ${page} offset ${skip}`,
          where.params.values,
        ),
        db.query<{ n: number }>(
          `select count(*)::int as n from ${t} where ${where.sql}`,
          where.params.values.slice(0, -2),
        ),
      ]);
      return { items: rows.map(toItem), totalCount: total.rows[0]?.n ?? 0 };
    },

    async references(collectionId, id, field, { mode, targets, updatedDate }) {
      // The list in its order, each id once (the first place it stands): `with ordinality` keeps the order.
      const current = `coalesce(data->$2, '[]'::jsonb)`;
      const list =
        mode === 'replace'
          ? `$3::jsonb`
          : mode === 'insert'
            ? `(select coalesce(jsonb_agg(e order by o), '[]'::jsonb) from (select e, min(o) as o from ` +
              `jsonb_array_elements_text(${current} || $3::jsonb) with ordinality as x(e, o) group by e) y)`
            : `(select coalesce(jsonb_agg(e order by o), '[]'::jsonb) from ` +
              `jsonb_array_elements_text(${current}) with ordinality as x(e, o) where not ($3::jsonb ? e))`;
      const { rows } = await db.query<Row>(
        `update ${table(collectionId)} set _updated_date = $4, data = jsonb_set(data, array[$2], ${list}) ` +
          `where _id = $1 returning ${COLUMNS}`,
        [id, field, JSON.stringify([...new Set(targets)]), updatedDate],
      );
      return rows[0] ? toItem(rows[0]) : null;
    },

    async distinct(collectionId, field, filter) {
      const collection = declared(collectionId);
      const where = whereClause(collection, filter);
      const { sql, kind } = fieldExpression(collection, field);
      const value = kind === 'stringArray' ? `jsonb_array_elements_text(${sql})` : sql;
      const { rows } = await db.query<{ v: unknown }>(
        `select distinct v from (select ${value} as v from ${table(collectionId)} where ${where.sql}) s ` +
          'where v is not null order by v',
        where.params.values,
      );
      return rows.map((row) => (typeof row.v === 'string' && kind === 'number' ? Number(row.v) : row.v));
    },

    async aggregate(collectionId, aggregation) {
      const collection = declared(collectionId);
      const where = whereClause(collection, aggregation.filter);
      const { select, groupBy, order, groups } = aggregateSelect(collection, aggregation);
      const { rows } = await db.query<Record<string, unknown>>(
        `select ${select} from ${table(collectionId)} where ${where.sql}${groupBy}${order}`,
        where.params.values,
      );
      // Postgres numerics arrive as strings; the platform answers numbers for number fields (and their sums).
      const isNumber = (field?: string) => field !== undefined && fieldExpression(collection, field).kind === 'number';
      const number = (value: unknown, yes: boolean) => (yes && typeof value === 'string' ? Number(value) : value);
      const operations = Object.entries(aggregation.operations);
      return rows.map((row) => ({
        ...Object.fromEntries(groups.map((g) => [g.field, number(row[g.alias], isNumber(g.field))])),
        ...Object.fromEntries(
          operations.map(([name, { op, field }]) => [name, number(row[name], op !== 'count' && isNumber(field))]),
        ),
      }));
    },

    // The builds and drops of indexes this process started end first (they hold the database).
    close: async () => {
      await indexes.backend.settled();
      await db.close();
    },
  };
}
