import { revalidateTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { config } from '@/lib/core/config';
import { recordsClient } from '@/lib/data';
import { postMetricCounter } from '@/lib/blog';
import { wixRefreshTokenOf } from '@/lib/members';
import { processSingleton } from '@/lib/core/process-singleton';
import { announceLocally } from './announce';
import { createLocalComments, storedCommentCounter } from './local';
import { type CommentSettingsStore, createCommentSettingsStore } from './settings';
import type { CommentModeration, PostComment, PostComments } from './types';
import { createWixComments } from './wix';

export { postComments, commentSettings } from './collection';
export { createLocalComments, type CommentAnnouncer, type CommentChange } from './local';
export { createCommentSettingsStore, waitsForApproval, isApproval } from './settings';
export * from './types';

// The site's comments, one per process, where `config().platform.comments` says: at Wix when its members are and the
// site has an API key (the owner's moderation and the public thread are read as the site), else in the site's own
// records (the count: the local blog's post files, or counted in the comments on a Wix blog). Wix keeps no name for a
// visitor's comment, so there only members comment (commentSettingsStore says so).

const localComments = () =>
  processSingleton('comments-local', () => {
    const c = config();
    const client = recordsClient();
    return createLocalComments({
      client,
      counter:
        c.platform.counts === 'content' ? postMetricCounter(c.contentDir, 'comments') : storedCommentCounter(client),
      announce: announceLocally,
    });
  });

/**
 * Comments at Wix. Wix sends its comment events to the webhook route (which clears the post's thread and count); the
 * site clears them too after each change it makes, so the writer sees it without waiting for the delivery.
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
    const cleared = <T extends PostComment | null>(comment: T): T => {
      if (comment) {
        revalidateTag(cacheTags.commentsOf(comment.postId), { expire: 0 });
        revalidateTag(cacheTags.metrics(comment.postId), { expire: 0 });
      }
      return comment;
    };
    return {
      ...wix,
      create: async (...args) => cleared(await wix.create(...args)),
      edit: async (...args) => cleared(await wix.edit(...args)),
      remove: async (...args) => cleared(await wix.remove(...args)),
      approve: async (id) => cleared(await wix.approve(id)),
      hide: async (id) => cleared(await wix.hide(id)),
      discard: async (id) => cleared(await wix.discard(id)),
    } satisfies PostComments & CommentModeration;
  });

/**
 * The post's comment count when the site keeps it in its own records (local comments on a Wix blog); null when the
 * blog's platform keeps it with the post (`metrics.comments`: Wix's comments, or the local blog's post files).
 */
export async function recordedCommentCount(postId: string): Promise<number | null> {
  const { comments, counts } = config().platform;
  if (comments !== 'local' || counts !== 'records') return null;
  return processSingleton('comments-recorded-count', () => storedCommentCounter(recordsClient())).total(postId);
}

/** Whether comments are at Wix (else the site's own). */
export const commentsAtWix = () => config().platform.comments === 'wix';

const provider = (): PostComments & CommentModeration => (commentsAtWix() ? wixComments() : localComments());

/** Comments where the blog's members are: Wix's Comments API with an OAuth app, else the site's own store. */
export const siteComments = (): PostComments => provider();

/** The owner's moderation of the same comments. */
export const commentModeration = (): CommentModeration => provider();

/**
 * The blog's comment settings (who may comment, what waits for approval), kept by the site on either platform. At
 * Wix, visitors never comment (Wix keeps no name for them) and Wix's own moderation decides what waits.
 */
export const commentSettingsStore = (): CommentSettingsStore =>
  processSingleton('comment-settings', () => {
    const store = createCommentSettingsStore(recordsClient());
    if (!commentsAtWix()) return store;
    return { ...store, get: async () => ({ ...(await store.get()), visitorsMayComment: false }) };
  });

export { commentText, displayName, plainName } from './text';
