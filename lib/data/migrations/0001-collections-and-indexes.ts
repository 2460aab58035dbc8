import type { Migration } from './types';

// Migration 1: the shape the data had before numbered migrations (until commit 158e2dd), when each piece was made
// where it was first used: one table per collection (`data_<id>`: the system fields as columns, the declared fields in
// a jsonb `data` column) and the owner's indexes' registry (lib/data/indexes/sql.ts). Every statement is `if not
// exists`, so on a database that code made it changes nothing and is recorded as done.

export const collectionsAndIndexes: Migration = {
  id: 1,
  name: 'collections and the index registry',

  async up(tx) {
    await tx.query(
      'create table if not exists "_data_indexes" (data_collection_id text not null, name text not null, ' +
        'id text not null, sql_name text not null, fields jsonb not null, is_unique boolean not null, ' +
        'case_insensitive boolean not null, status text not null, failure jsonb, ' +
        'created_at timestamptz not null default clock_timestamp(), ' +
        'updated_at timestamptz not null default clock_timestamp(), primary key (data_collection_id, name))',
    );
  },

  async table(tx, table) {
    await tx.query(
      `create table if not exists ${table} (_id text primary key, _owner text, _created_date text not null, ` +
        `_updated_date text not null, data jsonb not null default '{}'::jsonb)`,
    );
  },
};
