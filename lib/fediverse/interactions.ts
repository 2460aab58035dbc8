import {
  Announce,
  type Activity,
  Article,
  type Context,
  Create,
  Delete,
  type InboxListenerSetters,
  Like,
  Note,
  type Object as APObject,
  Update,
} from '@fedify/fedify';
import { htmlText } from '@/lib/core/html-text';
import { COMMENT_MAX_CHARS } from '@/lib/comments';
import type { RemoteComment, RemoteComments } from '@/lib/comments/types';
import type { Blocks } from './blocks';
import type { Following, Timeline, TimelinePost } from './following';
import type { ReactionKind, Reactions } from './reactions';

// What comes back from the fediverse (issue 49): a reply to a post (`Create` of a `Note` whose `inReplyTo` is the
// post's Article, or another reply on it) becomes a comment on the post, with its writer's name, picture and page, and
// waits for the owner where the site's comment settings hold a visitor's comment; its writer's `Update` changes its
// text and their `Delete` removes it. A `Like` or a boost (`Announce`) of a post is counted; their `Undo` takes it
// back. Whatever an actor or instance the owner blocked sends is dropped. Fedify verified each activity's signature
// before any of this runs.

export interface Interactions {
  comments: RemoteComments;
  /** What a reply waits for: PENDING where the owner approves visitors' comments (or visitors may not comment). */
  commentStatus(): Promise<'PUBLISHED' | 'PENDING'>;
  /** Whether post `id` is public and takes comments ('closed': public, comments closed; null: not public). */
  postOpen(id: string): Promise<boolean | 'closed' | null>;
  reactions: Reactions;
  /** A post's reactions changed: its page's counts refresh. */
  reacted(postId: string): Promise<void>;
  blocks: Blocks;
  /** Whom the blog follows, and the posts they send it (following.ts). */
  following: Following;
  timeline: Timeline;
}

/** The longest reply kept, in characters (the site's own comments' limit); a longer one is cut, with an ellipsis. */
export const REPLY_MAX_CHARS = COMMENT_MAX_CHARS;

/** A post's id from its Article's id (`/ap/posts/{id}`), or null for anything else. */
function postOf(ctx: Context<void>, id: URL | null): string | null {
  if (!id) return null;
  const parsed = ctx.parseUri(id);
  return parsed?.type === 'object' && parsed.class === Article ? (parsed.values.id ?? null) : null;
}

/** A reply's text: its HTML's text, without the mention of the blog Mastodon puts first, cut to the limit. */
export function replyText(html: string, handle: string): string {
  const text = htmlText(html, true)
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(new RegExp(`^@${handle}(@[^\\s]+)?\\s*`, 'i'), '')
    .trim();
  const chars = [...text];
  return chars.length > REPLY_MAX_CHARS ? `${chars.slice(0, REPLY_MAX_CHARS - 1).join('')}…` : text;
}

/** The longest text of a followed account's post kept for the dashboard. */
const TIMELINE_TEXT = 2000;

/** A followed account's post as the dashboard shows it. */
function timelinePost(object: Article | Note, actorId: string): TimelinePost | null {
  if (!object.id) return null;
  const text = htmlText(String(object.content ?? ''), true).trim();
  const url = object.url instanceof URL ? object.url.href : (object.url?.href?.href ?? object.id.href);
  return {
    objectId: object.id.href,
    actorId,
    title: String(object.name ?? '').slice(0, 300),
    text: [...text].length > TIMELINE_TEXT ? `${[...text].slice(0, TIMELINE_TEXT - 1).join('')}…` : text,
    url,
    published: object.published?.toString() ?? '',
  };
}

const https = (url: unknown): string | undefined =>
  url instanceof URL && url.protocol === 'https:' && !url.username ? url.href : undefined;

/** The reply a note is, or null when it answers none of the blog's posts or replies. */
async function replyOf(
  ctx: Context<void>,
  activity: Activity,
  note: Note,
  handle: string,
  interactions: Interactions,
): Promise<RemoteComment | null> {
  if (!note.id || !activity.actorId || !note.replyTargetId) return null;
  if (note.attributionId && note.attributionId.href !== activity.actorId.href) return null;
  const target = note.replyTargetId;
  let postId = postOf(ctx, target);
  let inReplyTo: string | null = null;
  if (!postId) {
    // A reply to a reply kept here: the note it answers, and that one's post.
    const replied = await interactions.comments.find(target.href);
    if (!replied) return null;
    postId = replied.postId;
    inReplyTo = target.href;
  }
  const text = replyText(String(note.content ?? ''), handle);
  if (!text) return null;
  const actor = await activity.getActor(ctx);
  if (!actor?.id) return null;
  const icon = await actor.getIcon().catch(() => null);
  const username = actor.preferredUsername ? String(actor.preferredUsername) : actor.id.pathname.split('/').pop();
  return {
    remoteId: note.id.href,
    actorId: actor.id.href,
    postId,
    inReplyTo,
    name: String(actor.name ?? username ?? actor.id.host).slice(0, 200),
    handle: `@${username}@${actor.id.host}`,
    avatar: https(icon?.url),
    profile: https(actor.url) ?? https(actor.id),
    text,
  };
}

/** The inbox's listeners for replies, likes and boosts (federation.ts chains them after Follow's). */
export function listenForInteractions(
  inbox: InboxListenerSetters<void>,
  handle: string,
  interactions: Interactions,
): InboxListenerSetters<void> {
  const blocked = async (activity: Activity) =>
    !activity.actorId || (await interactions.blocks.blocked(activity.actorId.href));

  const react = (kind: ReactionKind) => async (ctx: Context<void>, activity: Like | Announce) => {
    if (await blocked(activity)) return;
    const postId = postOf(ctx, activity.objectId);
    if (!postId || !activity.id || (await interactions.postOpen(postId)) === null) return;
    const added = await interactions.reactions.add({
      kind,
      postId,
      actorId: activity.actorId!.href,
      activityId: activity.id.href,
    });
    if (added) await interactions.reacted(postId);
  };

  return inbox
    .on(Create, async (ctx, create) => {
      if (await blocked(create)) return;
      const object = await create.getObject(ctx);
      const reply = object instanceof Note ? await replyOf(ctx, create, object, handle, interactions) : null;
      if (reply) {
        if ((await interactions.postOpen(reply.postId)) !== true) return;
        await interactions.comments.receive(reply, await interactions.commentStatus());
        return;
      }
      // Anything else is a post of an account the blog follows, or nothing it keeps.
      if (!(object instanceof Article || object instanceof Note) || !create.actorId) return;
      if (object.attributionId && object.attributionId.href !== create.actorId.href) return;
      if (!(await interactions.following.get(create.actorId.href))) return;
      const post = timelinePost(object, create.actorId.href);
      if (post) await interactions.timeline.keep(post);
    })
    .on(Update, async (ctx, update) => {
      if (await blocked(update)) return;
      const object = await update.getObject(ctx);
      if (!(object instanceof Note || object instanceof Article) || !object.id || !update.actorId) return;
      const post = timelinePost(object, update.actorId.href);
      if (post && (await interactions.timeline.change(post))) return;
      if (!(object instanceof Note)) return;
      const text = replyText(String(object.content ?? ''), handle);
      if (!text) return;
      await interactions.comments.revise(object.id.href, update.actorId.href, text, await interactions.commentStatus());
    })
    .on(Delete, async (_ctx, deleted) => {
      if (!deleted.objectId || !deleted.actorId) return;
      if (await interactions.timeline.remove(deleted.objectId.href, deleted.actorId.href)) return;
      await interactions.comments.forget(deleted.objectId.href, deleted.actorId.href);
    })
    .on(Like, react('like'))
    .on(Announce, react('boost'));
}

/** Takes back a like or a boost (an Undo's object, embedded or named by its id); false when it was neither. */
export async function undoReaction(
  ctx: Context<void>,
  actorId: URL,
  object: APObject | null,
  objectId: URL | null,
  interactions: Interactions,
): Promise<boolean> {
  let removed: string | null = null;
  if (object instanceof Like || object instanceof Announce) {
    const kind: ReactionKind = object instanceof Like ? 'like' : 'boost';
    const postId = postOf(ctx, object.objectId);
    removed = postId
      ? await interactions.reactions.remove(actorId.href, { kind, postId })
      : object.id
        ? await interactions.reactions.remove(actorId.href, { activityId: object.id.href })
        : null;
  } else if (!object && objectId) {
    removed = await interactions.reactions.remove(actorId.href, { activityId: objectId.href });
  } else return false;
  if (removed) await interactions.reacted(removed);
  return true;
}
