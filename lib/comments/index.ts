import { config } from '@/lib/core/config';
import { publish } from '@/lib/core/events/bus';
import { recordsClient } from '@/lib/data';
import { blogSource } from '@/lib/blog';
import { serve, servedBy } from '@/lib/platform';
import { memberOfCookie, siteCaptcha, wixRefreshTokenOf } from '@/lib/members';
import { processSingleton } from '@/lib/core/process-singleton';
import { announceLocally } from './announce';
import { withPictures } from './pictures';
import { createLocalComments, publishedCount, publishedCounts } from './local';
import { referenceIds } from './reference-ids';
import { cacheTags } from '@/lib/core/cache/tags';
import { type CommentSettingsStore, createCommentSettingsStore } from './settings';
import type { CommentModeration, PostComment, PostComments, RemoteComments } from './types';
import type { CommentChange } from './local';
import { createWixComments } from './wix';
import { withKeptComments } from './with-kept';
import { mailer } from '@/lib/core/mail';
import { siteKey } from '@/lib/core/security/site-key';
import { subscribe } from '@/lib/core/events/bus';
import { siteJobs } from '@/lib/data';
import { type Replies, enqueueReplyNotice, mayNotice, replyNotices, replyWatchers, workReplies } from './replies';
import { type Digest, commentDigest, workDigest } from './digest';
import path from 'node:path';
import { type CommentService, createCommentService } from './service';

export { postComments, commentSettings } from './collection';
export { createLocalComments, remoteCommentId, type CommentAnnouncer, type CommentChange } from './local';
export { createCommentSettingsStore, waitsForApproval, isApproval } from './settings';
export * from './types';

// The site's comments, one per process, where the platform says (lib/platform): at Wix when its members are and
// the site has an API key (the owner's moderation and the public thread are read as the site), else in the site's own
// records. Wix keeps no name for a visitor's comment, so there only members comment (commentSettingsStore says so).

const localComments = () =>
  processSingleton('comments-local', () => {
    const local = createLocalComments({ client: recordsClient(), announce: announceLocally });
    return {
      ...local,
      list: async (postId, page) => withPictures(await local.list(postId, page)),
    } satisfies PostComments & CommentModeration;
  });

/**
 * Comments at Wix. Wix sends its comment events to the webhook route (which clears the post's thread and count); the
 * site announces each change it makes too, through the same invalidation, so the writer sees it without waiting for
 * the delivery.
 */
const wixComments = () =>
  processSingleton('comments-wix', () => {
    const c = config();
    const wix = createWixComments({
      clientId: c.wix.clientId!,
      apiKey: c.wix.apiKey!,
      siteId: c.wix.siteId!,
      memberRefreshToken: wixRefreshTokenOf,
      apiBaseUrl: c.wix.apiBaseUrl,
    });
    const refs = referenceIdsOfPosts();
    // Every comment Wix answers names its post by reference id: each is answered by post id, `get` and the queue too
    // (a reply's notice reads its comment by id, then its post).
    const asPost = async <T extends PostComment | null>(comment: T): Promise<T> =>
      comment ? { ...comment, postId: await refs.postOf(comment.postId) } : comment;
    const onPost = (postId: string) => (comment: PostComment) => ({ ...comment, postId });
    const announced =
      (change: CommentChange) =>
      async <T extends PostComment | null>(comment: T): Promise<T> => {
        const ours = await asPost(comment);
        if (ours) await announceLocally(change, ours);
        return ours;
      };
    const [created, updated, deleted] = [announced('created'), announced('updated'), announced('deleted')];
    const atWix = {
      ...wix,
      list: async (postId, page) => {
        const answer = await wix.list(await refs.of(postId), page);
        const mapped = onPost(postId);
        const threads = answer.threads.map((t) => ({ comment: mapped(t.comment), replies: t.replies.map(mapped) }));
        return { ...answer, threads };
      },
      mine: async (postId, writer) => (await wix.mine(await refs.of(postId), writer)).map(onPost(postId)),
      latest: async (postId, writer) => {
        const latest = await wix.latest(await refs.of(postId), writer);
        return latest && onPost(postId)(latest);
      },
      create: async (comment, writer, status) =>
        created(await wix.create({ ...comment, postId: await refs.of(comment.postId) }, writer, status)),
      edit: async (...args) => updated(await wix.edit(...args)),
      remove: async (...args) => deleted(await wix.remove(...args)),
      get: async (id) => asPost(await wix.get(id)),
      queue: async (...args) => {
        const answer = await wix.queue(...args);
        return { ...answer, comments: await Promise.all(answer.comments.map(asPost)) };
      },
      approve: async (id) => updated(await wix.approve(id)),
      hide: async (id) => updated(await wix.hide(id)),
      discard: async (id) => deleted(await wix.discard(id)),
    } satisfies PostComments & CommentModeration;
    // The replies from the fediverse, kept in the site's records, in the same threads and queue (with-kept.ts).
    return withKeptComments(atWix, localComments());
  });

/** Post ids ↔ the reference ids Wix files their comments under (reference-ids.ts), learnt from the Blog. */
const referenceIdsOfPosts = () =>
  processSingleton('comments-reference-ids', () =>
    referenceIds(
      async (postId) => (await blogSource().getPost(postId, { fieldsets: ['REFERENCE_ID'] }))?.referenceId,
      async function* everyPost() {
        let cursor: string | null = null;
        do {
          const page = await blogSource().queryPosts(
            { cursorPaging: { limit: 100, ...(cursor && { cursor }) } },
            { fieldsets: ['REFERENCE_ID'] },
          );
          yield* page.items;
          cursor = page.hasNext ? page.cursors.next : null;
        } while (cursor);
      },
    ),
  );

/**
 * The post a comment event's resource names: at Wix the post whose reference id it is (the Comments API's events name
 * the reference id), else the post itself.
 */
export const postOfCommentResource = (resourceId: string): Promise<string> =>
  commentsAtWix() ? referenceIdsOfPosts().postOf(resourceId) : Promise.resolve(resourceId);

/**
 * The post a comment is on, read where comments are kept: for an event that names the comment alone (Wix's
 * CommentContentChanged carries `{ commentId, previousContent, currentContent }`). Undefined when the comment cannot be
 * read (gone, or the platform not answering): the event then refreshes every thread, as before it could be asked.
 */
export async function postOfComment(commentId: string): Promise<string | undefined> {
  try {
    return (await provider().get(commentId))?.postId;
  } catch (error) {
    console.error(JSON.stringify({ msg: 'comments: the post of a comment could not be read', error: String(error) }));
    return undefined;
  }
}

/**
 * The cache tags a post's comment thread and count carry beyond `comments:{postId}` and `metrics:{postId}`: at Wix,
 * the same under the post's reference id, which the Comments API's events name as the comment's resource.
 */
export async function commentTagsOf(postId: string): Promise<string[]> {
  if (servedBy('comments') !== 'wix') return [];
  const reference = await referenceIdsOfPosts().of(postId);
  return reference === postId ? [] : [cacheTags.commentsOf(reference), cacheTags.metrics(reference)];
}

/**
 * A post's comment count: what the blog's platform counts (the post's `metrics.comments`: Wix's own when comments
 * are at Wix), plus the published ones the site keeps (all of them, or at Wix the replies from the fediverse).
 */
export async function commentCount(postId: string): Promise<number> {
  const [metrics, kept] = await Promise.all([
    blogSource().getPostMetrics(postId),
    // At Wix, the site's records keep the replies from the fediverse: Wix's count has the rest.
    publishedCount(recordsClient(), postId),
  ]);
  return (metrics?.comments ?? 0) + kept;
}

/**
 * The published comments the site keeps for each of `postIds`, beyond what their platform counts
 * (`metrics.comments`): one grouped count (at Wix, the replies from the fediverse).
 */
export const keptCommentCounts = (postIds: string[]): Promise<Map<string, number>> =>
  publishedCounts(recordsClient(), postIds);

/** Whether comments are at Wix (else the site's own). */
export const commentsAtWix = () => servedBy('comments') === 'wix';

const provider = (): PostComments & CommentModeration => serve('comments', { wix: wixComments, local: localComments });

/** Comments where the blog's members are: Wix's Comments API with an OAuth app, else the site's own store. */
export const siteComments = (): PostComments => provider();

/** The owner's moderation of the same comments. */
export const commentModeration = (): CommentModeration => provider();

/**
 * The replies from the fediverse (lib/fediverse), kept in the site's own records on either platform: Wix's Comments
 * API names a comment's author by a Wix user, member or visitor id only (`CommentAuthor`,
 * @wix/auto_sdk_comments_comments index.typings.d.ts), never a remote writer's name, picture and page.
 */
export const fediverseComments = (): RemoteComments => localComments();

/**
 * The blog's comment settings (who may comment, what waits for approval), kept by the site on either platform. At
 * Wix, visitors never comment (Wix keeps no name for them) and Wix's own moderation decides what waits.
 */
export const commentSettingsStore = (): CommentSettingsStore =>
  processSingleton('comment-settings', () => {
    const stored = createCommentSettingsStore(recordsClient());
    // A change refreshes every thread (their forms ask a visitor's name, or not).
    const store: CommentSettingsStore = {
      ...stored,
      set: async (settings) => {
        const saved = await stored.set(settings);
        publish({ type: 'site.comments.settings_changed', entityId: 'comment-settings' });
        return saved;
      },
    };
    if (!commentsAtWix()) return store;
    return { ...store, get: async () => ({ ...(await store.get()), visitorsMayComment: false }) };
  });

export { COMMENT_MAX_CHARS, commentText, displayName, plainName } from './text';

/**
 * The site's reply notices (replies.tsx): watches and notices in the site's own records, mail through the site's
 * mailer, signed with the site key `comment-replies`.
 */
export const siteReplies = (): Replies =>
  processSingleton('comment-replies', () => {
    const c = config();
    return {
      records: recordsClient(replyWatchers, replyNotices),
      mailer: mailer(),
      siteUrl: c.siteUrl,
      key: siteKey('comment-replies', c.sessionSecret, path.resolve(/*turbopackIgnore: true*/ c.dataDir)),
      comments: provider(),
      async post(postId: string) {
        const post = await blogSource()
          .getPost(postId)
          .catch(() => null);
        return post && post.status === 'PUBLISHED'
          ? { title: post.title, slug: post.slug, language: post.language }
          : null;
      },
    };
  });

/** The owner's daily digest of comments waiting (digest.tsx), with the reply notices' key. */
export const siteDigest = (): Digest =>
  processSingleton('comment-digest', () => ({
    records: recordsClient(commentDigest),
    mailer: mailer(),
    siteUrl: config().siteUrl,
    key: siteReplies().key,
    comments: provider(),
  }));

/**
 * At the server's start: the reply notices' worker on the site's queue, the bus's `reply-mail` subscriber asking it of
 * each comment event that may make a reply visible (written published, approved, brought back:
 * lib/core/events/registry.ts), and the owner's daily digest.
 */
export async function startCommentMail(): Promise<void> {
  const replies = siteReplies();
  // Attached first, before the queue starts: a reply written meanwhile is noticed once the queue is there.
  processSingleton('comment-replies-listener', () => {
    subscribe('reply-mail', (event) => {
      // Watches are kept by post id; a Wix comment event names the post's reference id.
      const post = event.resourceId === undefined ? undefined : postOfCommentResource(event.resourceId);
      void Promise.resolve(post)
        .then((postId) => mayNotice(replies, postId))
        .then(async (may) => (may ? enqueueReplyNotice(await siteJobs(), event.entityId) : null))
        .catch((error: unknown) =>
          console.error(JSON.stringify({ msg: 'replies: notice not queued', error: String(error) })),
        );
    });
    return true;
  });
  const boss = await siteJobs();
  await workReplies(boss, replies);
  await workDigest(boss, siteDigest());
}

export { stopReplies, stopRepliesLinkHolds, watchReplies } from './replies';
export { digestAddress, digestOff, digestOffHolds, setDigest } from './digest';

export { type CommentRefusal, type CommentService, commentRefusal } from './service';

/** The rules of commenting (service.ts), over the comments `lib/platform` names and the site's settings. */
export const commentService: CommentService = createCommentService({
  comments: provider,
  settings: commentSettingsStore,
  replies: siteReplies,
  captcha: siteCaptcha,
  memberOf: memberOfCookie,
});
