// The data service's port, as a feature built on a data client names it: the vocabulary (model.ts), and the callers,
// the error catalogue and the way to declare a collection. Features import them here, not through lib/data's index,
// which keeps a declaration free of the backends; nothing inside lib/data imports this file, so it closes no loop.

export * from './model';
export type { DataClient } from './client';
export { OWNER, VISITOR, memberCaller } from './permissions';
export { dataErrors } from './errors';
export { defineCollection, OWNER_ONLY } from './collections';
export { countBy } from './count-by';
export type { SqlDatabase, SqlExecutor, SqlResult } from './sql-database';
