import { createHash } from 'node:crypto';
import { type DataClient, OWNER } from '@/lib/data/types';
import { type Followers, hostOf } from './followers';
import { fediverseBlocks, fediverseFollowers } from './records';

// What the owner keeps out (the dashboard's followers page): one actor, or a whole instance by its host. A block
// removes the blocked followers at once, and the inbox refuses their follows from then on (Reject). Unblocking lets
// them follow again; nothing they sent meanwhile was kept.

export interface Block {
  kind: 'actor' | 'host';
  /** The actor's id, or the instance's host (lowercase). */
  value: string;
}

export interface Blocks {
  blocked(actorId: string): Promise<boolean>;
  block(block: Block): Promise<number>;
  unblock(block: Block): Promise<void>;
  list(): Promise<Block[]>;
}

const idOf = ({ kind, value }: Block) =>
  `${kind}:${kind === 'host' ? value : createHash('sha256').update(value).digest('base64url')}`;

export function recordsBlocks(records: () => DataClient, followers: Followers): Blocks {
  return {
    async blocked(actorId) {
      const [actor, host] = await Promise.all([
        records().get(fediverseBlocks.id, idOf({ kind: 'actor', value: actorId }), OWNER),
        records().get(fediverseBlocks.id, idOf({ kind: 'host', value: hostOf(actorId) }), OWNER),
      ]);
      return Boolean(actor || host);
    },
    /** Blocks; answers how many followers it removed. */
    async block(block) {
      await records().save(fediverseBlocks.id, { _id: idOf(block), ...block }, OWNER);
      if (block.kind === 'actor') {
        const had = await followers.has(block.value);
        await followers.remove(block.value);
        return had ? 1 : 0;
      }
      const { items } = await records().query(
        fediverseFollowers.id,
        { filter: { host: block.value }, limit: 1000 },
        OWNER,
      );
      for (const item of items) await followers.remove(String(item.actorId));
      return items.length;
    },
    async unblock(block) {
      await records()
        .remove(fediverseBlocks.id, idOf(block), OWNER)
        .catch(() => undefined);
    },
    async list() {
      const { items } = await records().query(fediverseBlocks.id, { limit: 1000 }, OWNER);
      return items.map((item) => ({ kind: item.kind as Block['kind'], value: String(item.value) }));
    },
  };
}
