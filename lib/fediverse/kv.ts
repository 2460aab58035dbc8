import { createHash } from 'node:crypto';
import type { KvKey, KvStore, KvStoreSetOptions } from '@fedify/fedify';
import { type DataClient, OWNER } from '@/lib/data/types';
import { fediverseKv } from './records';

// Fedify's key-value store (its cache of remote documents and keys, its inbox's idempotence) in the site's own
// records: one store for every instance of the site (the embedded database, or DATABASE_URL's server), as the
// framework's own Postgres driver would keep it, but over the site's data client. An entry past its time to live
// answers as absent and is removed when read.

/** An entry's id: the key's hash (a key holds whole addresses, longer than an item id may be). */
const keyOf = (key: KvKey) => createHash('sha256').update(JSON.stringify(key)).digest('base64url');

export function recordsKvStore(records: () => DataClient, now: () => Date = () => new Date()): KvStore {
  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const item = await records().get(fediverseKv.id, keyOf(key), OWNER);
      if (!item) return undefined;
      if (typeof item.expires === 'string' && Date.parse(item.expires) <= now().getTime()) {
        await records()
          .remove(fediverseKv.id, keyOf(key), OWNER)
          .catch(() => undefined);
        return undefined;
      }
      return (item.value as { v: T }).v;
    },
    async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
      const ttl = options?.ttl?.total({ unit: 'millisecond' });
      const item = {
        _id: keyOf(key),
        value: { v: value },
        ...(ttl !== undefined && { expires: new Date(now().getTime() + ttl).toISOString() }),
      };
      await records().save(fediverseKv.id, item, OWNER);
    },
    async delete(key: KvKey): Promise<void> {
      await records()
        .remove(fediverseKv.id, keyOf(key), OWNER)
        .catch(() => undefined);
    },
  };
}
