import path from 'node:path';
import { revalidateTag } from 'next/cache';
import { config } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { createDataClient, type DataChange, type DataClient } from './client';
import { SITE_COLLECTIONS } from './collections';
import type { DataBackend } from './backend';
import type { CollectionDeclaration } from './types';
import { createEmbeddedBackend } from './embedded';
import { createPostgresBackend } from './postgres';
import { type ReadingListStore, readingListStore } from '../reading-list';
import { seriesChangeTags } from '../series';
import { createWixBackend } from './wix';

/**
 * The site's data client, one per process: two databases open on one folder would corrupt it, and route handlers and
 * pages load their own copies of this module. It holds the site's collections (collections.ts) and those a feature
 * above lib/data passes here (`dataClient(members)` from lib/members: lib/data never imports them).
 */
export function dataClient(...declared: CollectionDeclaration[]): DataClient {
  const client = processSingleton('data-client', () =>
    createDataClient({ backend: siteBackend(), collections: SITE_COLLECTIONS, onChange: clearChangedPages }),
  );
  for (const collection of declared) client.declare(collection);
  return client;
}

/** The members' reading lists (reading-list.ts) on the site's data client. */
export const siteReadingList = (): ReadingListStore => readingListStore(dataClient());

/** A collection the site's client holds, by id (undefined when none is declared by that name). */
export const siteCollection = (id: string): CollectionDeclaration | undefined => dataClient().collection(id);

/** A write that changes what public pages show clears their cache tags at once, as a webhook does for the blog. */
export function clearChangedPages(change: DataChange) {
  for (const tag of seriesChangeTags(change)) revalidateTag(tag, { expire: 0 });
}

/**
 * The site's own records (local members and their password hashes, sign-up rules, local comments and likes, comment
 * settings), one client per process: the site's data client itself unless that is a Wix site's CMS, where none of
 * them may go (`config().platform.records`: the embedded database or DATABASE_URL's server).
 */
export function recordsClient(...declared: CollectionDeclaration[]): DataClient {
  if (config().platform.data !== 'wix') return dataClient(...declared);
  const client = processSingleton('records-client', () =>
    createDataClient({ backend: ownBackend(), collections: [], onChange: clearChangedPages }),
  );
  for (const collection of declared) client.declare(collection);
  return client;
}

/** Where the site's collections live: `config().platform.data` (lib/platform.ts decides). */
export function siteBackend(): DataBackend {
  const c = config();
  if (c.platform.data !== 'wix') return ownBackend();
  const { apiKey, siteId, apiBaseUrl } = c.wix;
  return createWixBackend({ apiKey: apiKey!, siteId: siteId!, apiBaseUrl });
}

/** The site's own database: DATABASE_URL's server (instances share it; no folder lock), else DATA_DIR's. */
function ownBackend(): DataBackend {
  const c = config();
  if (c.platform.records === 'postgres') return createPostgresBackend(c.databaseUrl!);
  // A folder held elsewhere (a build worker still ending) never stops the site: data calls answer 503 meanwhile and
  // the open is retried every second. The build holds the folder only while its pages read it.
  return createEmbeddedBackend(path.resolve(/*turbopackIgnore: true*/ c.dataDir), {
    retryMs: c.building ? undefined : EMBEDDED_RETRY_MS,
    idleCloseMs: c.building ? BUILD_IDLE_CLOSE_MS : undefined,
    releaseOnSignal: c.building,
  });
}

/** How often a site whose embedded database could not open tries again. */
const EMBEDDED_RETRY_MS = 1_000;
/** The build closes the embedded database once its pages have not read it for this long. */
const BUILD_IDLE_CLOSE_MS = 1_000;

export type { DataChange, DataClient } from './client';
export { defineCollection, readingList, series } from './collections';
export type { ReadingListItem } from './collections';
export { dataErrors } from './errors';
export { OWNER, VISITOR, memberCaller } from './permissions';
export { checkCollectionId, checkReferenceTargets } from './validate';
