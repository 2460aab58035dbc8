import type { draftPosts } from '@wix/blog';
import type { Tally } from './report';
import { chunks, type ImportClient, type WixCalls } from './wix-calls';
import { actionFor, changesOf, type PlannedPost } from './wix-draft';

// The posts' writes on a Wix site, through @wix/blog's `draftPosts` (@wix/auto_sdk_blog_draft-posts
// build/cjs/index.typings.d.ts; a draft and its published post share an id):
// - What an earlier run made is found by its slug. Draft posts are not filtered by `seoSlug` (DraftPostQuerySpec,
//   :4883-4942, lists the fields that are), so every draft is listed once (queryDraftPosts with a DraftPostQuery,
//   index.d.ts:198-201, POST /blog/v3/draft-posts/query, 100 a page, `cursorPaging.limit` "@max: 100", :4951; a
//   published post's draft is listed too), and those the export names read again with their content (fieldsets
//   RICH_CONTENT, Field :3470-3482) to compare.
// - New posts: bulkCreateDraftPosts(draftPosts, { publish }) (:4387, POST /blog/v3/bulk/draft-posts/create), at most
//   20 a call (BulkCreateDraftPostsRequest.draftPosts "@maxSize 20", :3488-3494), the published ones with `publish:
//   true` ("Whether the draft post should be published after creation", :4389), the rest without. Each answer's
//   `results[].itemMetadata` (:3519-3536) says by `originalIndex` whether it was made, and its id.
// - A scheduled post: Wix has no schedule on creation (`scheduledPublishDate` is read-only, :114-117): it is created
//   as a draft, then updateDraftPost(id, {}, { action: 'UPDATE_SCHEDULE', scheduledPublishDate }) (:4514, PATCH
//   /blog/v3/draft-posts/{id}; UpdateDraftPostOptions :4653-4670).
// - An earlier run's post that differs: updateDraftPost(id, <the fields that differ>, { action }), the action saying
//   where the post goes (wix-draft.ts actionFor: UPDATE_PUBLISH "Update and publish a draft post" is the update and
//   publishDraftPost, :5011, in one call); one that does not differ is left as it is.
// The SDK rewrites a request's nested objects in place (@wix/sdk-runtime transformations/transform-paths.js: the
// cover's `wix:image://` string becomes Wix's `{ id, … }`): each attempt of a call is sent a fresh copy, or a retry
// would send what the first attempt left (and the SDK throw on it).

export type Existing = Map<string, draftPosts.DraftPost[]>;

/** Listing stops after this many pages (Wix keeps at most 100 000 drafts). */
const MAX_PAGES = 1_000;
/** Posts per bulk create (BulkCreateDraftPostsRequest's @maxSize). */
export const BULK_MAX = 20;

/** Every draft post of the site (base fields), by its slug. */
export async function existingDrafts(client: ImportClient, calls: WixCalls): Promise<Existing> {
  const bySlug: Existing = new Map();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: draftPosts.DraftPostQuery = { cursorPaging: { limit: 100, ...(cursor && { cursor }) } };
    const answer = await calls.read('queryDraftPosts', () => client.draftPosts.queryDraftPosts(query));
    const drafts = answer.draftPosts ?? [];
    for (const draft of drafts) {
      if (!draft.seoSlug) continue;
      bySlug.set(draft.seoSlug, [...(bySlug.get(draft.seoSlug) ?? []), draft]);
    }
    cursor = answer.pagingMetadata?.cursors?.next ?? undefined;
    if (!cursor || !drafts.length) break;
  }
  return bySlug;
}

/** The drafts `ids`, with their rich content. */
export async function draftsWithContent(
  client: ImportClient,
  calls: WixCalls,
  ids: string[],
): Promise<Map<string, draftPosts.DraftPost>> {
  const out = new Map<string, draftPosts.DraftPost>();
  for (const some of chunks(ids, BULK_MAX)) {
    const query: draftPosts.DraftPostQuery = { filter: { _id: { $in: some } }, cursorPaging: { limit: 100 } };
    const answer = await calls.read('queryDraftPosts', () =>
      client.draftPosts.queryDraftPosts(query, { fieldsets: ['RICH_CONTENT'] }),
    );
    for (const draft of answer.draftPosts ?? []) if (draft._id) out.set(draft._id, draft);
  }
  return out;
}

export interface PostWrites {
  client: ImportClient;
  calls: WixCalls;
  tally: Tally;
  warn: (item: string, message: string) => void;
  dryRun: boolean;
}

/** Brings an earlier run's draft where the export wants it, or leaves it when it already is. */
export async function updatePost(w: PostWrites, draft: draftPosts.DraftPost, planned: PlannedPost): Promise<void> {
  const kind = planned.source.kind;
  const changes = changesOf(draft, planned);
  const changed = Object.keys(changes).length > 0;
  const action = actionFor(draft, planned, changed);
  if (!action) return w.tally(kind, 'unchanged');
  if (action === 'UPDATE_PUBLICATION' && planned.wanted !== 'PUBLISHED') {
    w.warn(
      planned.source.sourceId,
      'published on this site, not in the export: left published, its changes saved as unpublished edits',
    );
  }
  w.tally(kind, 'updated');
  if (w.dryRun) return;
  await w.calls.write('updateDraftPost', () =>
    w.client.draftPosts.updateDraftPost(draft._id!, structuredClone(changes), {
      action,
      ...(action === 'UPDATE_SCHEDULE' && { scheduledPublishDate: planned.scheduledAt }),
    }),
  );
}

/** Creates the new posts, 20 a call, published or not as the export has them; scheduled ones then scheduled. */
export async function createPosts(w: PostWrites, planned: PlannedPost[]): Promise<void> {
  for (const publish of [true, false]) {
    const group = planned.filter((p) => (p.wanted === 'PUBLISHED') === publish);
    for (const batch of chunks(group, BULK_MAX)) {
      if (w.dryRun) {
        for (const p of batch) w.tally(p.source.kind, 'created');
        continue;
      }
      const answer = await w.calls.write('bulkCreateDraftPosts', () =>
        w.client.draftPosts.bulkCreateDraftPosts(
          batch.map((p) => structuredClone(p.fields)),
          { publish },
        ),
      );
      const results = new Map((answer.results ?? []).map((r) => [r.itemMetadata?.originalIndex, r]));
      for (const [index, p] of batch.entries()) {
        const result = results.get(index);
        const id = result?.item?._id ?? result?.itemMetadata?._id ?? undefined;
        if (!result?.itemMetadata?.success || !id) {
          const why = result?.itemMetadata?.error?.description || result?.itemMetadata?.error?.code || 'no answer';
          w.warn(p.source.sourceId, `Wix did not create the post: ${why}`);
          w.tally(p.source.kind, 'skipped');
          continue;
        }
        w.tally(p.source.kind, 'created');
        if (p.wanted === 'SCHEDULED') {
          await w.calls.write('updateDraftPost', () =>
            w.client.draftPosts.updateDraftPost(
              id,
              {},
              { action: 'UPDATE_SCHEDULE', scheduledPublishDate: p.scheduledAt },
            ),
          );
        }
      }
    }
  }
}
