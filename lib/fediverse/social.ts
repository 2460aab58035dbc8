import { createHash, randomUUID } from 'node:crypto';
import { Actor, Create, Follow, Note, PUBLIC_COLLECTION, Undo, isActor } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import type { BlogFederation } from './federation';
import type { Following, Timeline } from './following';

// The owner's side of following (the dashboard's Following page, issue 49): follow an account by its address
// (`https://mastodon.social/users/ada`) or handle (`@ada@mastodon.social`), stop following it, and reply to a post
// it sent. Each is an activity the blog signs and sends at once to the account's inbox (Fedify's queue retries it).

export interface SocialSettings {
  federation: BlogFederation;
  origin: string;
  handle: string;
  following: Following;
  timeline: Timeline;
}

/** The longest reply the owner sends, in characters (Mastodon's own limit is 500; other servers take more). */
export const OWNER_REPLY_MAX = 5000;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text as the HTML of a note: its paragraphs and line breaks kept, everything else text. */
export const noteHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * What the owner asked, done: 'followed', 'unfollowed', 'replied', or null when it cannot be (no such account, post
 * or text), which the route answers 400.
 */
export async function socialAction(
  settings: SocialSettings,
  action: string,
  value: string,
  text = '',
): Promise<string | null> {
  const { federation, origin, handle, following, timeline } = settings;
  if (!value || value.length > 2000) return null;
  const ctx = federation.createContext(new URL(origin), undefined);
  const me = ctx.getActorUri(handle);

  if (action === 'follow') {
    const address = value.trim();
    const found = await ctx.lookupObject(address).catch(() => null);
    if (!found || !isActor(found) || !found.id || !found.inboxId) return null;
    const actor = found as Actor;
    if (actor.id!.href === me.href) return null;
    const followId = new URL(
      `#follows/${createHash('sha256').update(actor.id!.href).digest('hex').slice(0, 16)}-${Date.now()}`,
      me,
    );
    const url = actor.url instanceof URL ? actor.url.href : actor.id!.href;
    await following.follow({
      actorId: actor.id!.href,
      inbox: actor.inboxId!.href,
      handle: `@${actor.preferredUsername ?? ''}@${actor.id!.host}`,
      name: String(actor.name ?? actor.preferredUsername ?? actor.id!.href).slice(0, 200),
      url,
      followId: followId.href,
    });
    await ctx.sendActivity({ identifier: handle }, actor, new Follow({ id: followId, actor: me, object: actor.id }));
    return 'followed';
  }

  if (action === 'unfollow') {
    const account = await following.get(value);
    if (!account) return null;
    const recipient = { id: new URL(String(account.actorId)), inboxId: new URL(String(account.inbox)) };
    const follow = new Follow({ id: new URL(String(account.followId)), actor: me, object: recipient.id });
    await ctx.sendActivity(
      { identifier: handle },
      recipient,
      new Undo({ id: new URL(`${String(account.followId)}/undo`), actor: me, object: follow }),
    );
    await following.remove(value);
    return 'unfollowed';
  }

  if (action === 'reply') {
    const post = await timeline.get(value);
    const reply = text.replace(/\r\n?/g, '\n').trim();
    if (!post || !reply || [...reply].length > OWNER_REPLY_MAX) return null;
    const account = await following.get(String(post.actorId));
    if (!account) return null;
    const recipient = { id: new URL(String(account.actorId)), inboxId: new URL(String(account.inbox)) };
    const id = new URL(`/ap/notes/${randomUUID()}`, origin);
    const published = Temporal.Now.instant();
    const note = new Note({
      id,
      attribution: me,
      replyTarget: new URL(String(post.objectId)),
      content: noteHtml(reply),
      published,
      to: PUBLIC_COLLECTION,
      cc: recipient.id,
    });
    await ctx.sendActivity(
      { identifier: handle },
      recipient,
      new Create({
        id: new URL(`${id.href}#create`),
        actor: me,
        object: note,
        published,
        to: PUBLIC_COLLECTION,
        cc: recipient.id,
      }),
    );
    await timeline.replied(value, reply);
    return 'replied';
  }
  return null;
}
