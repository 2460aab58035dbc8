import {
  Accept,
  Activity,
  Create,
  PUBLIC_COLLECTION,
  Article,
  type MessageQueue,
  createFederation,
  Endpoints,
  Follow,
  Image,
  type DocumentLoader,
  type Federation,
  type KvStore,
  type Recipient,
  Reject,
  type RetryPolicy,
  Service,
  Undo,
} from '@fedify/fedify';
import { type ArticleSource, ARTICLE_PATH, articleOf } from './article';
import type { BlogKeys } from './keys';
import type { Blocks } from './blocks';
import type { Followers } from './followers';
import { type Interactions, listenForInteractions, undoReaction } from './interactions';
import { type Reachability, deliveryFailed, reachabilityQueue } from './reachability';

// The blog as an ActivityPub actor (issue 49), on Fedify: one actor, `@{handle}@{host}`, of type Service (as Ghost's
// site actor is), found by WebFinger, with the profile Mastodon shows (the site's title, description, icon, cover and
// address), its key pairs, NodeInfo, and an inbox that answers a Follow with an Accept and takes an Undo back. Fedify
// verifies every incoming activity's signature before a listener runs (401 otherwise). Paths: the actor
// `/ap/actor/{handle}`, its inbox `/ap/actor/{handle}/inbox`, the instance's shared inbox `/ap/inbox`, its followers
// `/ap/actor/{handle}/followers` (their count public, their list the owner's: the dashboard's).

export interface BlogProfile {
  name: string;
  summary: string;
  /** Absolute addresses; none: not shown. */
  icon?: string;
  image?: string;
  url: string;
}

export interface BlogFederationSettings {
  /** The site's address (SITE_URL): every id is made from it, never from the request (Next answers localhost). */
  origin: string;
  /** The blog actor's name in its handle (FEDIVERSE_HANDLE, default `blog`). */
  handle: string;
  /** The handles it had before (FEDIVERSE_MOVED_FROM): each answers as an actor moved to `handle`. */
  movedFrom?: string[];
  kv: KvStore;
  profile: () => Promise<BlogProfile>;
  keys: BlogKeys;
  followers: Followers;
  /** Whom the owner blocked: their follows are refused (Reject). */
  blocks: Blocks;
  /** A post as everyone reads it, for its Article (`/ap/posts/{id}`); null when it is not public. */
  readPost: (id: string) => Promise<ArticleSource | null>;
  /** The outbox's posts; none: an empty outbox. */
  outbox?: Outbox;
  /** Replies, likes and boosts coming back (interactions.ts); none: the inbox takes follows alone. */
  interactions?: Interactions;
  /** The site's durable queue for deliveries (started by the server, index.ts); none: sent at once (tests). */
  queue?: MessageQueue;
  /** Which instances answer (reachability.ts): with a queue, an unreachable one's deliveries are skipped. */
  reachability?: Reachability;
  /** Tests: Fedify's back-off for a refused delivery (its default: 10 attempts over about half an hour). */
  outboxRetryPolicy?: RetryPolicy;
  /** Tests: remote documents from fixtures (Fedify refuses private addresses otherwise). */
  documentLoader?: DocumentLoader;
  /** The end-to-end test's two sites on loopback. */
  allowPrivateAddress?: boolean;
}

/** The blog's outbox: its published posts, newest first. */
export interface Outbox {
  page(cursor: string | null, limit: number): Promise<{ items: ArticleSource[]; next: string | null }>;
  count(): Promise<number>;
}

export type BlogFederation = Federation<void>;

/** Posts per page of the outbox. */
export const OUTBOX_PAGE = 20;

export const ACTOR_PATH = '/ap/actor/{identifier}';

export function createBlogFederation(settings: BlogFederationSettings): BlogFederation {
  const { handle, followers, keys } = settings;
  const movedFrom = settings.movedFrom ?? [];
  const isBlog = (identifier: string) => identifier === handle || movedFrom.includes(identifier);
  const federation = createFederation<void>({
    kv: settings.kv,
    origin: settings.origin,
    ...(settings.queue && {
      queue: settings.reachability ? reachabilityQueue(settings.queue, settings.reachability) : settings.queue,
      manuallyStartQueue: true,
      onOutboxError: deliveryFailed,
    }),
    ...(settings.outboxRetryPolicy && { outboxRetryPolicy: settings.outboxRetryPolicy }),
    ...(settings.documentLoader
      ? {
          documentLoader: settings.documentLoader,
          contextLoader: settings.documentLoader,
          authenticatedDocumentLoaderFactory: () => settings.documentLoader!,
        }
      : { allowPrivateAddress: settings.allowPrivateAddress ?? false }),
  });

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      if (!isBlog(identifier)) return null;
      const profile = await settings.profile();
      const pairs = await ctx.getActorKeyPairs(identifier);
      // A handle the blog moved from names its successor (`movedTo`, which Mastodon follows); the blog names the
      // handles it had (`alsoKnownAs`), which Mastodon checks before it believes the Move.
      const moved =
        identifier === handle
          ? { aliases: movedFrom.map((old) => ctx.getActorUri(old)) }
          : { successor: ctx.getActorUri(handle) };
      return new Service({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        ...moved,
        name: profile.name,
        summary: profile.summary,
        url: new URL(profile.url),
        ...(profile.icon && { icon: new Image({ url: new URL(profile.icon) }) }),
        ...(profile.image && { image: new Image({ url: new URL(profile.image) }) }),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: ctx.getFollowersUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        manuallyApprovesFollowers: false,
        discoverable: true,
        publicKey: pairs[0]?.cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (isBlog(identifier) ? keys.pairs() : []));

  federation
    .setFollowersDispatcher(`${ACTOR_PATH}/followers`, async (_ctx, identifier) =>
      // The list is the owner's (the dashboard shows it): the collection answers its count, no page of items.
      identifier === handle ? { items: [] as Recipient[] } : null,
    )
    .setCounter(async (_ctx, identifier) => (identifier === handle ? followers.count() : null));

  const inbox = federation
    .setInboxListeners(`${ACTOR_PATH}/inbox`, '/ap/inbox')
    // The shared inbox fetches what it must (a reply's writer) signed as the blog, as instances in secure mode ask.
    .setSharedKeyDispatcher(() => ({ identifier: handle }))
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor' || target.identifier !== handle) return;
      const follower = await follow.getActor(ctx);
      if (!follower?.id || !follower.inboxId) return;
      if (await settings.blocks.blocked(follower.id.href)) {
        const id = new URL(`#rejects/${encodeURIComponent(follow.id.href)}`, ctx.getActorUri(handle));
        await ctx.sendActivity(
          { identifier: handle },
          follower,
          new Reject({ id, actor: ctx.getActorUri(handle), object: follow }),
        );
        return;
      }
      await followers.add({
        actorId: follower.id.href,
        inbox: follower.inboxId.href,
        sharedInbox: follower.endpoints?.sharedInbox?.href ?? '',
        handle: `@${follower.preferredUsername ?? ''}@${follower.id.host}`,
        name: String(follower.name ?? follower.preferredUsername ?? follower.id.href),
        followId: follow.id.href,
      });
      await ctx.sendActivity(
        { identifier: handle },
        follower,
        new Accept({
          id: new URL(`#accepts/${encodeURIComponent(follow.id.href)}`, ctx.getActorUri(handle)),
          actor: ctx.getActorUri(handle),
          object: follow,
        }),
      );
    })
    // The answer to a Follow the blog sent (the owner's Following page): accepted, or refused.
    .on(Accept, async (_ctx, accept) => {
      if (accept.objectId && accept.actorId && settings.interactions)
        await settings.interactions.following.answered(accept.objectId.href, accept.actorId.href, true);
    })
    .on(Reject, async (_ctx, reject) => {
      if (reject.objectId && reject.actorId && settings.interactions)
        await settings.interactions.following.answered(reject.objectId.href, reject.actorId.href, false);
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      // The undone activity, embedded (as Mastodon sends it) or only named (then it is not fetched again).
      const object = await undo.getObject(ctx).catch(() => null);
      if (object instanceof Activity && object.actorId && object.actorId.href !== undo.actorId.href) return;
      // An Undo of an older Follow (the one to a handle the blog moved from, which Mastodon sends after it followed
      // the new one) leaves the newer follow be.
      const kept = await followers.get(undo.actorId.href);
      if (object instanceof Follow || (!object && kept && undo.objectId?.href === kept.followId)) {
        const undone = object instanceof Follow ? object.id?.href : undo.objectId?.href;
        if (kept && (!undone || !kept.followId || undone === kept.followId)) await followers.remove(undo.actorId.href);
        return;
      }
      if (settings.interactions) await undoReaction(ctx, undo.actorId, object, undo.objectId, settings.interactions);
    });
  if (settings.interactions) listenForInteractions(inbox, handle, settings.interactions);

  // The outbox pages by the source's own cursor: each post as the Create that delivered it (delivery.ts's ids).
  const outbox = settings.outbox;
  federation
    .setOutboxDispatcher(`${ACTOR_PATH}/outbox`, async (ctx, identifier, cursor) => {
      if (identifier !== handle || !outbox || cursor === null) return identifier === handle ? { items: [] } : null;
      const page = await outbox.page(cursor || null, OUTBOX_PAGE);
      const items = page.items.map((source) => {
        const object = articleOf(ctx, handle, settings.origin, source);
        return new Create({
          id: new URL(`${object.id!.href}#create`),
          actor: ctx.getActorUri(handle),
          to: PUBLIC_COLLECTION,
          cc: ctx.getFollowersUri(handle),
          published: object.published,
          object,
        });
      });
      return { items, nextCursor: page.next ?? null };
    })
    .setCounter(async (_ctx, identifier) => (identifier === handle && outbox ? outbox.count() : null))
    .setFirstCursor(async (_ctx, identifier) => (identifier === handle ? '' : null));

  federation.setObjectDispatcher(Article, ARTICLE_PATH, async (ctx, { id }) => {
    const source = await settings.readPost(id);
    return source ? articleOf(ctx, handle, settings.origin, source) : null;
  });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => ({
    software: { name: 'wix-headless-blog', version: { major: 0, minor: 1, patch: 0 } },
    protocols: ['activitypub'],
    usage: {
      users: { total: 1, activeHalfyear: 1, activeMonth: 1 },
      localPosts: (await outbox?.count().catch(() => 0)) ?? 0,
      localComments: 0,
    },
  }));

  return federation;
}
