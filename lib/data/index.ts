import path from 'node:path';
import { config } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';
import { createDataClient } from './client';
import { SITE_COLLECTIONS } from './collections';
import { createEmbeddedBackend } from './embedded';

/**
 * The site's data client, one per process: two databases open on one folder would corrupt it, and route handlers and
 * pages load their own copies of this module.
 */
export const dataClient = () =>
  processSingleton('data-client', () =>
    createDataClient({
      backend: createEmbeddedBackend(path.resolve(/*turbopackIgnore: true*/ config().dataDir)),
      collections: SITE_COLLECTIONS,
    }),
  );
