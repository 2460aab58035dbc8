import path from 'node:path';
import { revalidateTag } from 'next/cache';
import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import { createDataClient, type DataChange, type DataClient } from './client';
import { SITE_COLLECTIONS } from './collections';
import type { DataBackend } from './backend';
import type { CollectionDeclaration } from './types';
import { createEmbeddedBackend } from './embedded';
import { createPostgresBackend } from './postgres';
import { type ReadingListStore, readingListStore } from './reading-list';
import { seriesChangeTags } from './series';
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
 * The Postgres server of DATABASE_URL when it is set (instances share it; no folder lock). Else Wix Data when the blog
 * reads a Wix site with an API key (the collections live in that site's CMS); otherwise the embedded database in
 * DATA_DIR. A visitor client id alone cannot write a site's data, so it keeps the embedded one.
 */
export function siteBackend(): DataBackend {
  const c = config();
  if (c.databaseUrl) return createPostgresBackend(c.databaseUrl);
  const { apiKey, siteId, apiBaseUrl } = c.wix;
  if (c.source === 'wix' && apiKey && siteId) return createWixBackend({ apiKey, siteId, apiBaseUrl });
  return createEmbeddedBackend(path.resolve(/*turbopackIgnore: true*/ c.dataDir));
}
