import type { SqlExecutor } from '../sql-database';

/**
 * A change of the data's shape (lib/data/migrations): numbered from 1, in order, never renumbered or edited once
 * released; the next change is a new file with the next number, added to MIGRATIONS (index.ts).
 */
export interface Migration {
  id: number;
  /** What it changes, in a few words (kept in `_migrations` beside its number). */
  name: string;
  /** Once, over the whole database: registries, tables of the site's own. */
  up?(tx: SqlExecutor): Promise<void>;
  /**
   * The collections' tables (`"data_<id>"`, quoted, as sql-backend.ts names them): run on every such table when the
   * migration is applied, and on each table made later, so a collection first used after an upgrade gets the same
   * shape as those the migration changed. A collection's table is made by running every migration's `table` in order.
   */
  table?(tx: SqlExecutor, table: string): Promise<void>;
}
