import path from 'node:path';
import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import { createDataClient } from './client';
import { SITE_COLLECTIONS } from './collections';
import type { DataBackend } from './backend';
import { createEmbeddedBackend } from './embedded';
import { createWixBackend } from './wix';

/**
 * The site's data client, one per process: two databases open on one folder would corrupt it, and route handlers and
 * pages load their own copies of this module.
 */
export const dataClient = () =>
  processSingleton('data-client', () => createDataClient({ backend: siteBackend(), collections: SITE_COLLECTIONS }));

/**
 * Wix Data when the blog reads a Wix site with an API key (the collections live in that site's CMS); otherwise the
 * embedded database in DATA_DIR. A visitor client id alone cannot write a site's data, so it keeps the embedded one.
 */
export function siteBackend(): DataBackend {
  const c = config();
  const { apiKey, siteId, apiBaseUrl } = c.wix;
  if (c.source === 'wix' && apiKey && siteId) return createWixBackend({ apiKey, siteId, apiBaseUrl });
  return createEmbeddedBackend(path.resolve(/*turbopackIgnore: true*/ c.dataDir));
}
