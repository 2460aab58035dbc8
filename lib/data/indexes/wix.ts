import { indexes } from '@wix/data';
import { withCallSignal } from '@/lib/wix/call-signal';
import { siteClient } from '@/lib/wix/sdk-clients';
import { type TransportSettings, transportFor } from '@/lib/wix/transport';
import { statusOf, toCatalogueError } from '@/lib/wix/upstream';
import { dataErrors } from '../errors';
import { applicationCode, READ_DEADLINE_MS } from '../wix/http';
import { type DataIndex, INDEX_STATUSES, type IndexBackend, type IndexStatus } from './types';

// Indexes on a Wix site's CMS: Wix builds them, through `indexes` of @wix/data (createIndex, listIndexes, dropIndex:
// node_modules/@wix/auto_sdk_data_indexes/build/cjs/index.typings.d.ts; POST, GET and DELETE /wix-data/v2/indexes),
// the site's API key on each call, over the site's transport (reroute, retries: reads after a 5xx too, writes after a
// 429 only). Wix keeps the statuses (BUILDING → ACTIVE or FAILED, DROPPING → DROPPED) and its own limits; the service
// has checked the request against the same limits first. Its SDK names an index's id `_id`; the REST shape, `id`.

export interface WixIndexesConfig extends TransportSettings {
  apiKey: string;
  siteId: string;
}

type WixIndex = indexes.Index;

const statusOfIndex = (status: unknown): IndexStatus =>
  INDEX_STATUSES.includes(status as IndexStatus) ? (status as IndexStatus) : 'INVALID';

/** Wix's index (SDK shape) as the REST one the data API answers. */
export function fromWixIndex(index: WixIndex): DataIndex {
  const failure = index.failure;
  return {
    id: index._id ?? '',
    name: index.name ?? '',
    fields: (index.fields ?? []).map((field) => ({
      path: field.path ?? '',
      order: field.order === 'DESC' ? 'DESC' : 'ASC',
    })),
    status: statusOfIndex(index.status),
    ...(failure?.code && {
      failure: { code: failure.code, description: failure.description ?? '', itemId: failure.itemId ?? null },
    }),
    unique: index.unique === true,
    caseInsensitive: index.caseInsensitive === true,
    source: index.source === 'SYSTEM' || index.source === 'AUTO' ? index.source : 'USER',
  };
}

export function createWixIndexes(config: WixIndexesConfig): IndexBackend {
  const reads = siteClient({ indexes }, transportFor(config), config.apiKey, config.siteId).indexes;
  const writes = siteClient({ indexes }, transportFor(config, false), config.apiKey, config.siteId).indexes;
  const secrets = [config.apiKey];

  /** Wix's refusal: a collection it lacks is WDE0025, an index it lacks (drop) 404 WDE9404, the rest as the blog's. */
  const refused = (error: unknown, what: string, collectionId: string, name?: string) => {
    if (applicationCode(error) === 'WDE0025') return dataErrors.unknownCollection(collectionId);
    if (name !== undefined && statusOf(error) === 404) return dataErrors.unknownIndex(collectionId, name);
    return toCatalogueError(error, what, secrets);
  };

  return {
    async create(collection, spec) {
      try {
        return fromWixIndex(await writes.createIndex(collection.id, spec));
      } catch (error) {
        throw refused(error, `creating the index ${spec.name} of ${collection.id}`, collection.id);
      }
    },

    async list(collection, { limit, offset }) {
      try {
        const answer = await withCallSignal(AbortSignal.timeout(READ_DEADLINE_MS), () =>
          reads.listIndexes(collection.id, { paging: { limit, offset } }),
        );
        const found = (answer.indexes ?? []).map(fromWixIndex);
        const total = answer.pagingMetadata?.total;
        return { indexes: found, total: typeof total === 'number' ? total : offset + found.length };
      } catch (error) {
        throw refused(error, `listing the indexes of ${collection.id}`, collection.id);
      }
    },

    async drop(collection, name) {
      try {
        await writes.dropIndex(collection.id, name);
      } catch (error) {
        throw refused(error, `dropping the index ${name} of ${collection.id}`, collection.id, name);
      }
    },

    // Wix builds and drops; nothing runs here.
    settled: async () => {},
  };
}
