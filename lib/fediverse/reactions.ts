import { createHash } from 'node:crypto';
import { type DataClient, OWNER } from '@/lib/data/types';
import { fediverseReactions } from './records';

// Likes (`Like`) and boosts (`Announce`) of the blog's posts from the fediverse, kept in the site's records: one of
// each kind per person and post, however often it is delivered, and gone with its Undo (which names the activity, or
// embeds it). The post's page shows their counts beside its own likes (lib/fediverse/reads.ts).

export type ReactionKind = 'like' | 'boost';

export interface Reaction {
  kind: ReactionKind;
  postId: string;
  actorId: string;
  activityId: string;
}

export interface ReactionCounts {
  likes: number;
  boosts: number;
}

export interface Reactions {
  /** Keeps a reaction; false when that person's reaction of that kind to the post was kept already. */
  add(reaction: Reaction): Promise<boolean>;
  /** Removes the actor's reaction named by its activity's id, or by its kind and post; the post it was on, or null. */
  remove(actorId: string, by: { activityId: string } | { kind: ReactionKind; postId: string }): Promise<string | null>;
  counts(postId: string): Promise<ReactionCounts>;
}

const idOf = ({ kind, actorId, postId }: Pick<Reaction, 'kind' | 'actorId' | 'postId'>) =>
  createHash('sha256')
    .update(JSON.stringify([kind, actorId, postId]))
    .digest('base64url');

export function recordsReactions(records: () => DataClient): Reactions {
  return {
    async add(reaction) {
      const _id = idOf(reaction);
      if (await records().get(fediverseReactions.id, _id, OWNER)) return false;
      await records().save(fediverseReactions.id, { _id, ...reaction }, OWNER);
      return true;
    },
    async remove(actorId, by) {
      let found: { _id: string; postId?: unknown } | null;
      if ('activityId' in by) {
        const { items } = await records().query(
          fediverseReactions.id,
          { filter: { activityId: by.activityId, actorId }, limit: 1 },
          OWNER,
        );
        found = items[0] ?? null;
      } else {
        found = await records().get(fediverseReactions.id, idOf({ ...by, actorId }), OWNER);
      }
      if (!found) return null;
      await records().remove(fediverseReactions.id, found._id, OWNER);
      return String(found.postId);
    },
    async counts(postId) {
      const count = (kind: ReactionKind) => records().count(fediverseReactions.id, { filter: { postId, kind } }, OWNER);
      const [likes, boosts] = await Promise.all([count('like'), count('boost')]);
      return { likes, boosts };
    },
  };
}
