import { blogSource, ricosToHtml } from '@/lib/blog';
import { postImage, resolveImage } from '@/lib/blog/view';
import { config } from '@/lib/core/config';
import { publish } from '@/lib/core/events/bus';
import { commentSettingsStore, fediverseComments, waitsForApproval } from '@/lib/comments';
import { errors } from '@/lib/core/errors';
import { processSingleton } from '@/lib/core/process-singleton';
import { siteJobs } from '@/lib/data';
import { settingsStore } from '@/lib/settings';
import { type BlogFederation, type BlogProfile, createBlogFederation, type Outbox } from './federation';
import type { Post } from '@/lib/blog/types';
import type { Block } from './blocks';
import { fediverseRecords, siteBlocks, siteFollowers, siteFollowing, siteTimeline } from './stores';
import { recordsKeys } from './keys';
import { recordsKvStore } from './kv';
import { type ArticleSource, readableNodes } from './article';
import { announceMove, deliverPost, type PostChange } from './delivery';
import { bossQueue } from './queue';
import { instanceReachability } from './reachability';
import { socialAction } from './social';
import type { Interactions } from './interactions';
import { siteReactions } from './stores';

// The blog on the fediverse (issue 49): its federation, one per process, over the site's own records (the keys, the
// followers, Fedify's store: every instance answers alike), serving the routes under `/ap/`, `/.well-known/webfinger`,
// `/.well-known/nodeinfo` and `/nodeinfo/2.1` (app/). Off with FEDIVERSE=false: those answer 404.

const records = fediverseRecords;

/** What Mastodon shows of the blog: the site's settings. */
async function profile(): Promise<BlogProfile> {
  const { siteUrl } = config();
  const settings = await settingsStore().get();
  const absolute = (address: string) => (address ? new URL(address, siteUrl).href : undefined);
  return {
    name: settings.title,
    summary: settings.description || `The posts of ${settings.title}.`,
    icon: absolute(settings.icon) ?? absolute(settings.logo),
    image: absolute(settings.cover),
    url: new URL('/', siteUrl).href,
  };
}

/** A post as everyone reads it (the public source: a paid post's preview), with its text as HTML. */
export async function readPost(id: string): Promise<ArticleSource | null> {
  const { siteUrl } = config();
  const post = await blogSource()
    .getPost(id, { fieldsets: ['RICH_CONTENT', 'URL'] })
    .catch(() => null);
  return post?.status === 'PUBLISHED' ? articleSource(post, siteUrl) : null;
}

function articleSource(post: Post, siteUrl: string): ArticleSource {
  const image = postImage(post);
  const cover = image ? resolveImage(image)?.src : undefined;
  return {
    post,
    html: ricosToHtml(readableNodes(post), { siteUrl: siteUrl.replace(/\/+$/, '') }),
    ...(cover && { cover: new URL(cover, siteUrl).href }),
  };
}

/** The outbox: the published posts, newest first, a page at a time (the public source: paid posts' previews). */
export const siteOutbox: Outbox = {
  async page(cursor, limit) {
    const { siteUrl } = config();
    const page = await blogSource().queryPosts(
      {
        sort: [{ fieldName: 'firstPublishedDate', order: 'DESC' }],
        cursorPaging: { limit, ...(cursor && { cursor }) },
      },
      { fieldsets: ['RICH_CONTENT', 'URL'] },
    );
    return {
      items: page.items.filter((post) => post.status === 'PUBLISHED').map((post) => articleSource(post, siteUrl)),
      next: page.hasNext ? page.cursors.next : null,
    };
  },
  count: () => blogSource().getTotalPosts(),
};

export { siteBlocks, siteFollowers, siteFollowing, siteReactions, siteTimeline } from './stores';

/**
 * What the inbox does with replies, likes and boosts: a reply is a comment kept by the site (lib/comments'
 * fediverseComments), held for the owner as a visitor's comment is (or whenever visitors may not comment), and only
 * on a public post that takes comments; a reaction is counted, and published as a like of the post, which refreshes
 * its page's counts.
 */
export const siteInteractions = (): Interactions => ({
  comments: fediverseComments(),
  async commentStatus() {
    const settings = await commentSettingsStore().get();
    return waitsForApproval(settings, 'visitor') || !settings.visitorsMayComment ? 'PENDING' : 'PUBLISHED';
  },
  async postOpen(id) {
    const post = await blogSource()
      .getPost(id)
      .catch(() => null);
    if (!post || post.status !== 'PUBLISHED') return null;
    return post.commentingEnabled === false ? 'closed' : true;
  },
  reactions: siteReactions(),
  async reacted(postId) {
    await publish({ type: 'wix.blog.v3.post_liked', entityId: postId });
  },
  blocks: siteBlocks(),
  following: siteFollowing(),
  timeline: siteTimeline(),
});

export type { Block } from './blocks';
export type { ReactionCounts } from './reactions';
export type { FollowerRecord, FollowingRecord, TimelineRecord } from './records';

/** The dashboard's followers page: the newest followers, how many in all, and the blocks. */
export async function followersPage(limit = 200) {
  const followers = siteFollowers();
  const [list, count, blocks] = await Promise.all([followers.list(limit), followers.count(), siteBlocks().list()]);
  const { fediverse, siteUrl } = config();
  const handle = `@${fediverse.handle}@${new URL(siteUrl).host}`;
  return { list, count, blocks, handle, enabled: fediverse.enabled, unreachable: await unreachableOf(list) };
}

/** The instances of `list` whose deliveries are skipped (reachability.ts), each with its first unanswered one. */
async function unreachableOf(list: { inbox?: string; sharedInbox?: string }[]) {
  const reach = siteReachability();
  const hosts = new Set(
    list.flatMap((f) => [f.sharedInbox || f.inbox || ''].filter(Boolean).map((u) => new URL(u).host)),
  );
  const states = await Promise.all([...hosts].map(async (host) => ({ host, state: await reach.state(host) })));
  return states
    .filter(({ state }) => reach.unreachable(state))
    .map(({ host, state }) => ({ host, since: state!.since }));
}

/** The owner's actions on the followers page: remove one (they may follow again), block one or an instance. */
export async function ownerFollowerAction(action: string, value: string): Promise<string | null> {
  if (!value || value.length > 2000) return null;
  const followers = siteFollowers();
  if (action === 'remove') {
    if (!(await followers.has(value))) return null;
    await followers.remove(value);
    return 'removed';
  }
  const block: Block | null =
    action === 'block-actor' || action === 'unblock-actor'
      ? { kind: 'actor', value }
      : action === 'block-host' || action === 'unblock-host'
        ? { kind: 'host', value: value.toLowerCase() }
        : null;
  if (!block) return null;
  if (block.kind === 'actor' && !URL.canParse(value)) return null;
  if (block.kind === 'host' && !/^[a-z0-9.-]+(:\d+)?$/.test(block.value)) return null;
  if (action.startsWith('unblock')) {
    await siteBlocks().unblock(block);
    return 'unblocked';
  }
  await siteBlocks().block(block);
  return 'blocked';
}

const SOCIAL = new Set(['follow', 'unfollow', 'reply']);

/** Whether `action` is one of the Following page's (follow, unfollow, reply), not the Followers page's. */
export const isSocialAction = (action: string) => SOCIAL.has(action);

/** The owner's actions on the Following page: follow an account, stop following it, reply to its post. */
export function ownerSocialAction(action: string, value: string, text: string): Promise<string | null> {
  const { siteUrl, fediverse } = config();
  void startFediverseWorker();
  return socialAction(
    {
      federation: siteFederation(),
      origin: new URL(siteUrl).origin,
      handle: fediverse.handle,
      following: siteFollowing(),
      timeline: siteTimeline(),
    },
    action,
    value,
    text,
  );
}

/** The dashboard's Following page: whom the blog follows, and the newest of their posts. */
export async function followingPage(limit = 100) {
  const [accounts, posts] = await Promise.all([siteFollowing().list(limit), siteTimeline().list(limit)]);
  const { fediverse, siteUrl } = config();
  return { accounts, posts, handle: `@${fediverse.handle}@${new URL(siteUrl).host}`, enabled: fediverse.enabled };
}

/** Which instances answer the blog's deliveries (the dashboard's followers say which do not). */
export const siteReachability = () => instanceReachability(recordsKvStore(records));

export function siteFederation(): BlogFederation {
  return processSingleton('fediverse-federation', () => {
    const { siteUrl, fediverse } = config();
    return createBlogFederation({
      origin: new URL(siteUrl).origin,
      handle: fediverse.handle,
      movedFrom: fediverse.movedFrom,
      kv: recordsKvStore(records),
      profile,
      keys: recordsKeys(records),
      followers: siteFollowers(),
      blocks: siteBlocks(),
      readPost,
      outbox: siteOutbox,
      interactions: siteInteractions(),
      queue: bossQueue(siteJobs),
      reachability: siteReachability(),
      // Two sites on loopback (the end-to-end test) fetch each other's actors; never a site on the internet.
      allowPrivateAddress: fediverse.allowPrivate,
    });
  });
}

const notFound = () => Response.json(errors.notFound('no such resource').toJSON(), { status: 404 });

/** A request to one of the fediverse's routes, answered by the federation; a browser asking for the actor gets the
 * home page. */
export async function fediverseFetch(request: Request): Promise<Response> {
  if (!config().fediverse.enabled) return notFound();
  // Fedify queues what an inbox receives: this instance works the queue from its first fediverse request on.
  void startFediverseWorker().catch((error: unknown) =>
    console.error(JSON.stringify({ msg: 'fediverse: the worker did not start', error: String(error) })),
  );
  return siteFederation().fetch(request, {
    contextData: undefined,
    onNotFound: notFound,
    onNotAcceptable: async () => Response.redirect(new URL('/', config().siteUrl), 303),
  });
}

/** Sends post `postId`'s change to the followers (start.ts calls it for each post event, once the blog has some). */
export async function sendPostChange(postId: string, change: PostChange): Promise<void> {
  const { fediverse, siteUrl } = config();
  void startFediverseWorker();
  const settings = {
    federation: siteFederation(),
    handle: fediverse.handle,
    siteUrl,
    followers: siteFollowers(),
    readPost,
  };
  const followers = await deliverPost(settings, postId, change);
  if (followers) console.info(JSON.stringify({ msg: 'fediverse: post sent', postId, change, followers }));
}

/**
 * Tells the followers of each handle the blog moved from (FEDIVERSE_MOVED_FROM) that it is now FEDIVERSE_HANDLE: once
 * per move, remembered in Fedify's store (start.ts calls it at the server's start, when the blog has followers).
 */
export async function announceMoves(): Promise<void> {
  const { fediverse, siteUrl } = config();
  const kv = recordsKvStore(records);
  for (const from of fediverse.movedFrom) {
    const key = ['blog-moves', from, fediverse.handle] as const;
    if (await kv.get(key)) continue;
    const settings = { federation: siteFederation(), handle: fediverse.handle, siteUrl, followers: siteFollowers() };
    const followers = await announceMove(settings, from);
    await kv.set(key, new Date().toISOString());
    console.info(JSON.stringify({ msg: 'fediverse: move sent', from, to: fediverse.handle, followers }));
  }
}

/** This instance's worker on the fediverse's queue (deliveries, and the activities received), started once. */
export function startFediverseWorker(): Promise<void> {
  return processSingleton('fediverse-worker', () => siteFederation().startQueue(undefined));
}

export { guardInbox, MAX_ACTIVITY_BYTES } from './inbox-guard';
