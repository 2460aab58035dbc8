import { Article, Create, Delete, Move, PUBLIC_COLLECTION, type Recipient, Tombstone, Update } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { type ArticleSource, articleOf } from './article';
import type { BlogFederation } from './federation';
import type { Followers } from './followers';

// A post's life, sent to the blog's followers (issue 49): its publication as Create(Article), an edit of a live post
// as Update, its unpublishing or trashing as Delete (a Tombstone where the Article was). One activity per change,
// addressed to every follower and sent once per instance where it has a shared inbox (Fedify groups them); through the
// federation's queue, which retries a refused delivery with back-off and stops after its bound.

export interface PostDeliverySettings {
  federation: BlogFederation;
  handle: string;
  siteUrl: string;
  followers: Followers;
  /** The post as everyone reads it (a paid post's preview), or null when it is not public. */
  readPost: (id: string) => Promise<ArticleSource | null>;
  now?: () => Date;
}

export type PostChange = 'published' | 'updated' | 'removed';

async function recipients(followers: Followers): Promise<Recipient[]> {
  const list: Recipient[] = [];
  for await (const follower of followers.all()) {
    if (!follower.actorId || !follower.inbox) continue;
    list.push({
      id: new URL(follower.actorId),
      inboxId: new URL(follower.inbox),
      endpoints: follower.sharedInbox ? { sharedInbox: new URL(follower.sharedInbox) } : null,
    });
  }
  return list;
}

/** Sends post `postId`'s change to the followers; answers how many followers it went to (0: none, or not public). */
export async function deliverPost(settings: PostDeliverySettings, postId: string, change: PostChange) {
  const { federation, handle, siteUrl } = settings;
  const now = settings.now ?? (() => new Date());
  const to = await recipients(settings.followers);
  if (!to.length) return 0;
  const ctx = federation.createContext(new URL(siteUrl), undefined);
  const actor = ctx.getActorUri(handle);
  const id = ctx.getObjectUri(Article, { id: postId });
  const at = now().toISOString();
  const addressed = { actor, to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(handle) };
  if (change === 'removed') {
    const deleted = Temporal.Instant.from(at);
    const activity = new Delete({
      id: new URL(`${id.href}#delete/${Date.parse(at)}`),
      ...addressed,
      object: new Tombstone({ id, deleted }),
    });
    await ctx.sendActivity({ identifier: handle }, to, activity, { preferSharedInbox: true });
    return to.length;
  }
  const source = await settings.readPost(postId);
  if (!source) return 0;
  const article = articleOf(ctx, handle, siteUrl, source);
  const stamp = Date.parse(source.post.lastPublishedDate ?? at);
  const activity =
    change === 'published'
      ? new Create({ id: new URL(`${id.href}#create`), ...addressed, object: article })
      : new Update({ id: new URL(`${id.href}#update/${stamp}`), ...addressed, object: article });
  await ctx.sendActivity({ identifier: handle }, to, activity, { preferSharedInbox: true });
  return to.length;
}

/**
 * Tells the followers the blog moved from handle `from` to its handle now (a Move, signed as the old actor, whose
 * `movedTo` names the new one): Mastodon then follows the new handle in their name, and unfollows the old. Answers how
 * many followers it went to.
 */
export async function announceMove(settings: Omit<PostDeliverySettings, 'readPost'>, from: string): Promise<number> {
  const { federation, handle, siteUrl } = settings;
  const to = await recipients(settings.followers);
  if (!to.length) return 0;
  const ctx = federation.createContext(new URL(siteUrl), undefined);
  const old = ctx.getActorUri(from);
  const move = new Move({
    id: new URL(`#moves/${handle}`, old),
    actor: old,
    object: old,
    target: ctx.getActorUri(handle),
    to: ctx.getFollowersUri(from),
  });
  await ctx.sendActivity({ identifier: from }, to, move, { preferSharedInbox: true });
  return to.length;
}
