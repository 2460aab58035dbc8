// The data service's door for the repository's tools (scripts/: the blog CLI, the benchmarks, CI), which the lint
// opens to scripts/ alone (eslint.config.mjs, TOOLS): the pieces index.ts puts together once per process, for a tool
// that puts them together itself, outside the server: a backend opened on DATA_DIR or DATABASE_URL, a data client over
// it, the migrations, the snapshot and the record of a backup, an import file's rows, the Wix CMS's collections (and,
// for the Wix stand-in's CMS, a collection's query schema). The vocabulary (OWNER, defineCollection, the model's types)
// is the port's, in types.ts. Only re-exports: what the site runs is the files named here, and nothing inside lib/
// imports this one.

export { createDataClient, type DataClient } from './client';
export { type Aggregation, type DataBackend, ItemExistsError } from './backend';
export { createEmbeddedBackend } from './embedded';
export { startJobs } from './jobs';
export { createPostgresBackend } from './postgres';
export { DataFolderBusyError } from './folder-lock';
export { appliedMigrations, MIGRATIONS } from './migrations';
export { type BackupRecord, recordBackup, siteBackups, takeSnapshot } from './backup';
export { SITE_COLLECTIONS, subscribers } from './collections';
export { createDataIndexes, type DataIndex } from './indexes';
export { type ImportRow, readImportText, RowError } from './data-jobs/import-file';
export { type FoundCollection, wixCollectionOf, wixCollections } from './wix/collections';
export { whereClause } from './sql';
export { checkDataQuery } from './validate';
export { dataSchema } from './validate-query';
