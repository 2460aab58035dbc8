import { createHash } from 'node:crypto';
import { type DataClient, OWNER } from '@/lib/data/types';
import { fediverseFollowing, fediverseTimeline, type FollowingRecord, type TimelineRecord } from './records';

// Whom the blog follows, and what they post (the dashboard's Following page, issue 49): the owner follows an account
// by its address or handle (a Follow, pending until its Accept); the posts its Create brings are kept for the owner
// to read and reply to, changed by its Update and gone with its Delete, each only by the account that posted it.

export interface Followed {
  actorId: string;
  inbox: string;
  handle: string;
  name: string;
  url: string;
  followId: string;
}

export interface TimelinePost {
  objectId: string;
  actorId: string;
  title: string;
  text: string;
  url: string;
  published: string;
}

const idOf = (value: string) => createHash('sha256').update(value).digest('base64url');

export function recordsFollowing(records: () => DataClient) {
  return {
    async follow(account: Followed) {
      await records().save(fediverseFollowing.id, { _id: idOf(account.actorId), ...account, state: 'pending' }, OWNER);
    },
    /** The Follow `followId` was answered by its account: accepted, or refused (then forgotten). */
    async answered(followId: string, actorId: string, accepted: boolean): Promise<boolean> {
      const item = (await records().get(fediverseFollowing.id, idOf(actorId), OWNER)) as FollowingRecord | null;
      if (!item || item.followId !== followId) return false;
      if (accepted) await records().update(fediverseFollowing.id, { ...item, state: 'accepted' }, OWNER);
      else await records().remove(fediverseFollowing.id, item._id, OWNER);
      return true;
    },
    get: async (actorId: string) =>
      (await records().get(fediverseFollowing.id, idOf(actorId), OWNER)) as FollowingRecord | null,
    async remove(actorId: string) {
      await records()
        .remove(fediverseFollowing.id, idOf(actorId), OWNER)
        .catch(() => undefined);
    },
    async list(limit: number): Promise<FollowingRecord[]> {
      const sort = [{ fieldName: '_createdDate', order: 'DESC' }];
      return (await records().query(fediverseFollowing.id, { sort, limit }, OWNER)).items as FollowingRecord[];
    },
  };
}

export function recordsTimeline(records: () => DataClient) {
  const get = async (objectId: string) =>
    (await records().get(fediverseTimeline.id, idOf(objectId), OWNER)) as TimelineRecord | null;
  return {
    get,
    /** Keeps a post (a second delivery changes nothing). */
    async keep(post: TimelinePost) {
      if (await get(post.objectId)) return;
      await records().insert(fediverseTimeline.id, { _id: idOf(post.objectId), ...post, replied: '' }, OWNER);
    },
    /** Its account changed it; false when it is not kept, or was posted by someone else. */
    async change(post: TimelinePost): Promise<boolean> {
      const item = await get(post.objectId);
      if (!item || item.actorId !== post.actorId) return false;
      await records().update(fediverseTimeline.id, { ...item, ...post }, OWNER);
      return true;
    },
    async remove(objectId: string, actorId: string): Promise<boolean> {
      const item = await get(objectId);
      if (!item || item.actorId !== actorId) return false;
      await records().remove(fediverseTimeline.id, item._id, OWNER);
      return true;
    },
    async replied(objectId: string, text: string) {
      const item = await get(objectId);
      if (item) await records().update(fediverseTimeline.id, { ...item, replied: text }, OWNER);
    },
    async list(limit: number): Promise<TimelineRecord[]> {
      const sort = [{ fieldName: '_createdDate', order: 'DESC' }];
      return (await records().query(fediverseTimeline.id, { sort, limit }, OWNER)).items as TimelineRecord[];
    },
  };
}

export type Following = ReturnType<typeof recordsFollowing>;
export type Timeline = ReturnType<typeof recordsTimeline>;
