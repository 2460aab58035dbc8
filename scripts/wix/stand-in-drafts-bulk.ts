import { type Answer, type Json, wixError } from './stand-in-shared';

// The stand-in's bulk create of draft posts (stand-in-drafts.ts routes it here):
// - `bulkCreateDraftPosts` (POST /v3/bulk/draft-posts/create, `draftPosts` "@minSize 1 @maxSize 20", `publish`,
//   `returnFullEntity`): each made as createDraftPost makes one, and published too with `publish: true` ("Whether the
//   draft post should be published after creation"). Each is answered in `results[]` (BulkDraftPostResult:
//   `itemMetadata` { id, originalIndex, success, error }, and the draft as `item` with `returnFullEntity`), with
//   `bulkActionMetadata` { totalSuccesses, totalFailures, undetailedFailures }. A post without a `title`, or without
//   a `memberId` naming a member of the site (Wix takes none from an app without its writer), is not made: its result
//   says why, the others are made.

/** Draft posts a bulk create takes (BulkCreateDraftPostsRequest.draftPosts "@maxSize 20"). */
const BULK_MAX = 20;

export interface BulkMaking {
  /** Makes one draft as createDraftPost does (and publishes it when asked): its id, and its shape as answered. */
  made(post: Json): { id: string; item(): Json };
  /** Whether a member of the site has this id (a bulk-created post's writer must be one). */
  isMember?: (id: string) => boolean;
}

/** Why a bulk create does not make this post, or null when it does. */
function refusalOf(post: Json, isMember: BulkMaking['isMember']): string | null {
  if (!post || typeof post !== 'object') return 'not a draft post';
  if (typeof post.title !== 'string' || !post.title) return 'title is required';
  if (typeof post.memberId !== 'string' || !post.memberId)
    return 'memberId is required: a draft post created by an app names its writer, a member of the site';
  if (isMember && !isMember(post.memberId)) return `no member of the site has the id ${post.memberId}`;
  return null;
}

/** POST /v3/bulk/draft-posts/create: each post made or refused on its own, all answered in order. */
export function createInBulk(body: Json, { made, isMember }: BulkMaking): Answer {
  const given = body.draftPosts;
  if (!Array.isArray(given) || given.length < 1 || given.length > BULK_MAX)
    return wixError(400, 'INVALID_ARGUMENT', `draftPosts: from 1 to ${BULK_MAX}`);
  const results = (given as Json[]).map((post, originalIndex) => {
    const refused = refusalOf(post, isMember);
    if (refused) {
      const error = { code: 'INVALID_ARGUMENT', description: refused };
      return { itemMetadata: { originalIndex, success: false, error } };
    }
    const draft = made(post);
    return {
      itemMetadata: { id: draft.id, originalIndex, success: true },
      ...(body.returnFullEntity === true && { item: draft.item() }),
    };
  });
  const totalSuccesses = results.filter((r) => r.itemMetadata.success).length;
  return {
    status: 200,
    body: {
      results,
      bulkActionMetadata: { totalSuccesses, totalFailures: results.length - totalSuccesses, undetailedFailures: 0 },
    },
  };
}
