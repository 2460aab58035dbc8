import path from 'node:path';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { createDataClient, type DataChange, type DataClient } from './client';
import { SITE_COLLECTIONS } from './collections';
import type { DataBackend } from './backend';
import type { CollectionDeclaration } from './model';
import { createEmbeddedBackend } from './embedded';
import { createPostgresBackend } from './postgres';
import { publish } from '@/lib/core/events/bus';
import { serve, servedBy } from '@/lib/platform';
import { createWixBackend } from './wix';
import type PgBoss from 'pg-boss';
import { startJobs } from './jobs';
import { createDataIndexes, type DataIndexes } from './indexes';
import { type BackupRecord, backupRecordOf, readLastBackup, recordBackup, siteBackups, takeSnapshot } from './backup';
import { createDataJobs, DATA_JOB_COLLECTIONS, type DataJobs } from './data-jobs';

export { ensureQueue, keepStarting, workOnce } from './jobs';

/**
 * The site's data client, one per process: two databases open on one folder would corrupt it, and route handlers and
 * pages load their own copies of this module. It holds the site's collections (collections.ts) and those a feature
 * above lib/data passes here (`dataClient(members)` from lib/members: lib/data never imports them).
 */
export function dataClient(...declared: CollectionDeclaration[]): DataClient {
  const client = processSingleton('data-client', () => {
    const backend = siteBackend();
    const made = createDataClient({ backend, collections: SITE_COLLECTIONS, onChange: clearChangedPages });
    indexServices().set(made, createDataIndexes({ backend, collection: (id) => made.collection(id) }));
    return made;
  });
  for (const collection of declared) client.declare(collection);
  return client;
}

/** Each data client's index service, over the client's own backend (one database per process). */
const indexServices = () => processSingleton('data-indexes', () => new WeakMap<DataClient, DataIndexes>());

/** The indexes of the site's collections (lib/data/indexes: Wix Data's Create, List and Drop Index): dataClient's. */
export function dataIndexes(): DataIndexes {
  return indexServices().get(dataClient())!;
}

/** A collection the site's client holds, by id (undefined when none is declared by that name). */
export const siteCollection = (id: string): CollectionDeclaration | undefined => dataClient().collection(id);

/**
 * Every write ends in the site's one invalidation, named as Wix Data names its item events: the tags table decides what
 * it clears (a series: the pages of the posts it held and holds; most collections: nothing public).
 */
export function clearChangedPages(change: DataChange) {
  publish(dataChangeEvent(change));
}

/** A write as Wix Data's event would name it: created, updated or deleted items of a collection. */
export function dataChangeEvent({ collectionId, truncated, before, after }: DataChange) {
  const type = truncated || after.length === 0 ? 'deleted' : before.length === 0 ? 'created' : 'updated';
  const first = after[0] ?? before[0];
  return {
    type: `wix.data.v2.data_item_${type}` as const,
    entityId: typeof first?._id === 'string' ? first._id : collectionId,
    resourceId: collectionId,
    items: truncated ? undefined : [...before, ...after],
  };
}

/**
 * The site's own records (local members and their password hashes, sign-up rules, local comments and likes, comment
 * settings), one client per process: the site's data client itself unless that is a Wix site's CMS, where none of
 * them may go (the platform's `records`: the embedded database or DATABASE_URL's server).
 */
export function recordsClient(...declared: CollectionDeclaration[]): DataClient {
  const records = () => {
    const client = processSingleton('records-client', () =>
      createDataClient({ backend: recordsBackend(), collections: [], onChange: clearChangedPages }),
    );
    for (const collection of declared) client.declare(collection);
    return client;
  };
  return serve('data', {
    embedded: () => dataClient(...declared),
    postgres: () => dataClient(...declared),
    wix: records,
  });
}

/**
 * Asks again which collections the platform has (the owner's "Check again", after `npm run blog -- wix setup`): every
 * read and page part that asked (lib/data/reads.ts, the `site-setup` tag) is rendered again.
 */
export function recheckCollections(): string[] {
  return publish({ type: 'site.setup.checked', entityId: 'collections' });
}

/**
 * The site's job queue (pg-boss, jobs.ts) in its own records database, started once per process: on DATABASE_URL's
 * server, or through the embedded database's handle. A start that failed (the database unavailable) is tried again by
 * the next caller.
 */
export function siteJobs(): Promise<PgBoss> {
  const holder = processSingleton('jobs', () => ({ started: undefined as Promise<PgBoss> | undefined }));
  holder.started ??= startJobs({ databaseUrl: config().databaseUrl, sql: recordsClient().sql }).catch((error) => {
    holder.started = undefined;
    throw error;
  });
  return holder.started;
}

/**
 * The data service's jobs (data-jobs/: an import, a truncate, a re-index), one set per process: their records in the
 * site's records, worked on the site's queue (`startDataJobs` starts this instance's worker).
 */
export function siteDataJobs(): DataJobs {
  return processSingleton('data-jobs', () =>
    createDataJobs({
      records: () => recordsClient(...DATA_JOB_COLLECTIONS),
      data: () => dataClient(),
      indexes: dataIndexes,
      boss: siteJobs,
    }),
  );
}

/** This instance's worker of the data service's jobs, and the jobs a stop left unfinished asked for again. */
export const startDataJobs = () => siteDataJobs().start();

/**
 * Backups (backup.ts): the embedded records database's snapshot, which the CLI asks the running site for (409 when
 * the records are on a Postgres server); the last backup made, for the dashboard; and its record, sent by the CLI
 * once the archive is complete (a form: takenAt, bytes, content).
 */
export const siteSnapshot = () => takeSnapshot(recordsClient(siteBackups));
export const lastBackup = (): Promise<BackupRecord | null> => readLastBackup(recordsClient(siteBackups));
export const recordSiteBackup = (form: URLSearchParams) =>
  recordBackup(recordsClient(siteBackups), backupRecordOf(form, servedBy('records')));

/** Where the site's collections live: the platform's `data` (lib/platform decides). */
export function siteBackend(): DataBackend {
  return serve('data', {
    embedded: recordsBackend,
    postgres: recordsBackend,
    wix: () => {
      const { apiKey, siteId, apiBaseUrl } = config().wix;
      return createWixBackend({ apiKey: apiKey!, siteId: siteId!, apiBaseUrl });
    },
  });
}

/** The site's own database, opened once per process (the site's client and the records' share it). */
const recordsBackend = () => processSingleton('records-backend', ownBackend);

/**
 * A client of the site's own records whose writes are stamped with the dates `now` gives (an import keeps its
 * comments' dates), over the records' one database; its writes end in the site's invalidation as every write does.
 */
export function datedRecordsClient(now: () => Date, ...declared: CollectionDeclaration[]): DataClient {
  return createDataClient({ backend: recordsBackend(), collections: declared, now, onChange: clearChangedPages });
}

/** The site's own database: DATABASE_URL's server (instances share it; no folder lock), else DATA_DIR's. */
function ownBackend(): DataBackend {
  const c = config();
  return serve('records', {
    postgres: () => createPostgresBackend(c.databaseUrl!),
    // A folder held elsewhere (a build worker still ending) never stops the site: data calls answer 503 meanwhile and
    // the open is retried every second. The build holds the folder only while its pages read it.
    embedded: () =>
      createEmbeddedBackend(path.resolve(/*turbopackIgnore: true*/ c.dataDir), {
        retryMs: c.building ? undefined : EMBEDDED_RETRY_MS,
        idleCloseMs: c.building ? BUILD_IDLE_CLOSE_MS : undefined,
        releaseOnSignal: c.building,
      }),
  });
}

/** How often a site whose embedded database could not open tries again. */
const EMBEDDED_RETRY_MS = 1_000;
/** The build closes the embedded database once its pages have not read it for this long. */
const BUILD_IDLE_CLOSE_MS = 1_000;

export type { DataChange, DataClient } from './client';
export { defineCollection, OWNER_ONLY, readingList, series, subscribers } from './collections';
export type { BackupRecord } from './backup';
export type { ReadingListItem } from './collections';
export { dataErrors } from './errors';
export type { DataIndex, DataIndexes, IndexField, IndexFailure, IndexStatus } from './indexes';
export { INDEX_FAILURES, INDEX_LIMITS, INDEX_STATUSES } from './indexes';
export { OWNER, VISITOR, memberCaller } from './permissions';
export { checkCollectionId, checkReferenceTargets } from './validate';
export { DATA_JOBS_QUEUE, importFileSpec, importFormatOf, jobSpecOf, MAX_IMPORT_BYTES, unknownJob } from './data-jobs';
export type { DataJob, JobStatus, JobType, WritePolicy } from './data-jobs';
