import { createHash } from 'node:crypto';
import { type DataClient, OWNER } from '@/lib/data/types';
import { fediverseFollowers, type FollowerRecord } from './records';

// The blog's followers in the site's records, one each (`_id` the hash of its actor id: a Follow sent twice, or by
// two instances at once, is one follower).

export interface Follower {
  actorId: string;
  inbox: string;
  /** Its instance's shared inbox ('' none). */
  sharedInbox: string;
  /** `@name@host`, as Mastodon shows it. */
  handle: string;
  name: string;
  /** The Follow's id, which its Undo names. */
  followId: string;
}

export interface Followers {
  add(follower: Follower): Promise<void>;
  remove(actorId: string): Promise<void>;
  has(actorId: string): Promise<boolean>;
  get(actorId: string): Promise<FollowerRecord | null>;
  count(): Promise<number>;
  list(limit: number): Promise<FollowerRecord[]>;
  /** Every follower, a page at a time (a post goes to each one's instance). */
  all(): AsyncIterable<FollowerRecord>;
}

/** Followers read per page when a post is delivered. */
const PAGE = 1000;

/** An instance's host as the site keeps it: lowercase, without a trailing dot. */
export const hostOf = (address: string) => new URL(address).host.toLowerCase().replace(/\.$/, '');

const idOf = (actorId: string) => createHash('sha256').update(actorId).digest('base64url');

export function recordsFollowers(records: () => DataClient): Followers {
  return {
    async add(follower) {
      const host = hostOf(follower.actorId);
      await records().save(fediverseFollowers.id, { _id: idOf(follower.actorId), ...follower, host }, OWNER);
    },
    async remove(actorId) {
      await records()
        .remove(fediverseFollowers.id, idOf(actorId), OWNER)
        .catch(() => undefined);
    },
    has: async (actorId) => Boolean(await records().get(fediverseFollowers.id, idOf(actorId), OWNER)),
    get: async (actorId) => (await records().get(fediverseFollowers.id, idOf(actorId), OWNER)) as FollowerRecord | null,
    count: () => records().count(fediverseFollowers.id, {}, OWNER),
    async list(limit) {
      const { items } = await records().query(
        fediverseFollowers.id,
        { sort: [{ fieldName: '_createdDate', order: 'DESC' }], limit },
        OWNER,
      );
      return items as FollowerRecord[];
    },
    async *all() {
      for (let skip = 0; ; skip += PAGE) {
        const { items } = await records().query(
          fediverseFollowers.id,
          { sort: [{ fieldName: '_id', order: 'ASC' }], limit: PAGE, skip },
          OWNER,
        );
        yield* items as FollowerRecord[];
        if (items.length < PAGE) return;
      }
    },
  };
}
