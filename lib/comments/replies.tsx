import { createHash } from 'node:crypto';
import { linkMac, linkMacHolds } from '@/lib/core/security/signed-token';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';
import type PgBoss from 'pg-boss';
import type { CommentModeration, PostComment } from './types';
import type { Mailer } from '@/lib/core/mail';
import { SITE_NAME, commentFragment, postPath } from '@/lib/core/site';
import { type DataClient, ensureQueue, OWNER_ONLY, workOnce } from '@/lib/data';
import { OWNER, defineCollection } from '@/lib/data/types';
import { isCatalogueError } from '@/lib/core/errors';

// Replies by e-mail: a member who comments may ask to be told of replies in that thread (off by default: the comment
// form's box). Each published reply is a job on the site's queue (pg-boss, as the newsletter's sends); its worker mails
// every watcher of the thread but the reply's own writer, once each (a notice record per reply and watcher: the event
// twice, two instances, a job run again mail no one twice). Every notice carries RFC 8058's pair for its watch, whose
// one click (or the visible link's page) stops the thread's mail, through the newsletter's unsubscribe route.

export const REPLIES_QUEUE = 'comment-replies';

/** A member watching a thread (its top-level comment) for replies. */
export const replyWatchers = defineCollection({
  id: 'comment-reply-watchers',
  internal: true,
  fields: {
    threadId: { type: 'text', indexed: true },
    postId: { type: 'text', indexed: true },
    memberId: { type: 'text' },
    email: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

/** One reply's notice to one watcher: its id is both's, so it is mailed once. */
export const replyNotices = defineCollection({
  id: 'comment-reply-notices',
  internal: true,
  fields: { replyId: { type: 'text' }, watcherId: { type: 'text' } },
  permissions: OWNER_ONLY,
});

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);
export const watcherId = (threadId: string, memberId: string) => hash('reply-watcher', threadId, memberId);

const watchMac = (key: Buffer, id: string) => linkMac(key, 'stop-replies', id);

/** The watch's stop link: the visible link (GET: a page with one button) and the one-click POST target. */
export const stopRepliesUrl = (siteUrl: string, key: Buffer, id: string) =>
  `${siteUrl}/newsletter/unsubscribe?${new URLSearchParams({ w: id, t: watchMac(key, id) })}`;

/** Whether a stop link's watch and token hold. */
export function stopRepliesLinkHolds(key: Buffer, id: unknown, token: unknown): boolean {
  if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) return false;
  return linkMacHolds(key, token, 'stop-replies', id);
}

export interface Replies {
  records: DataClient;
  mailer: Mailer;
  siteUrl: string;
  key: Buffer;
  comments: Pick<CommentModeration, 'get'>;
  /** The post's title and slug, or null when it is not published. */
  post(postId: string): Promise<{ title: string; slug: string; language?: string | null } | null>;
}

/** The member watches the thread of the comment they wrote (a reply watches its parent's thread). */
export async function watchReplies(
  replies: Replies,
  comment: Pick<PostComment, 'id' | 'parentId' | 'postId'>,
  member: { id: string; email: string },
): Promise<void> {
  const threadId = comment.parentId ?? comment.id;
  await replies.records.save(
    replyWatchers.id,
    { _id: watcherId(threadId, member.id), threadId, postId: comment.postId, memberId: member.id, email: member.email },
    OWNER,
  );
}

/** Stops a watch from its link; a bad link is `invalid` and changes nothing. */
export async function stopReplies(replies: Replies, id: unknown, token: unknown): Promise<'stopped' | 'invalid'> {
  if (!stopRepliesLinkHolds(replies.key, id, token)) return 'invalid';
  await replies.records.remove(replyWatchers.id, id as string, OWNER);
  return 'stopped';
}

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

function ReplyMail(props: { title: string; name: string; text: string; url: string; stopUrl: string }) {
  const text = {
    fontSize: '16px',
    lineHeight: '1.6',
    color: '#1a1a1a',
    margin: '0 0 16px',
    overflowWrap: 'anywhere' as const,
  };
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${props.name} replied on ${props.title}`}</Preview>
      <Body style={{ backgroundColor: '#f6f6f4', fontFamily: font, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', padding: '24px 16px' }}>
          <Text style={text}>
            {props.name} replied in a thread you take part in on “{props.title}”:
          </Text>
          <Text style={{ ...text, borderLeft: '3px solid #c9c9c4', paddingLeft: '12px', whiteSpace: 'pre-wrap' }}>
            {props.text}
          </Text>
          <Text style={text}>
            <Link href={props.url}>Read the thread on {SITE_NAME}</Link>
          </Text>
          <Text style={{ fontSize: '13px', color: '#555555' }}>
            You asked to be told of replies. <Link href={props.stopUrl}>Stop replies to this thread</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** How much of the reply the notice quotes. */
const QUOTE = 600;

/**
 * Mails the watchers of a published reply's thread, each once, never its own writer. Answers how many were mailed
 * now (0 for a comment that is not a published reply).
 */
export async function noticeReply(replies: Replies, commentId: string): Promise<number> {
  const reply = await replies.comments.get(commentId);
  if (!reply || reply.status !== 'PUBLISHED' || !reply.parentId) return 0;
  const post = await replies.post(reply.postId);
  if (!post) return 0;
  const { items: watchers } = await replies.records.query(
    replyWatchers.id,
    { filter: { threadId: { $eq: reply.parentId } }, limit: 1000 },
    OWNER,
  );
  let mailed = 0;
  for (const watcher of watchers) {
    if (watcher.memberId === reply.author.memberId) continue;
    try {
      await replies.records.insert(
        replyNotices.id,
        { _id: hash('reply-notice', reply.id, watcher._id), replyId: reply.id, watcherId: watcher._id },
        OWNER,
      );
    } catch (error) {
      if (isCatalogueError(error) && error.wde === 'WDE0074') continue;
      throw error;
    }
    const stopUrl = stopRepliesUrl(replies.siteUrl, replies.key, watcher._id);
    const url = `${replies.siteUrl}${postPath(post.slug, post.language)}#${commentFragment(reply.id)}`;
    const quoted = reply.text.length > QUOTE ? `${reply.text.slice(0, QUOTE)}…` : reply.text;
    const element = <ReplyMail title={post.title} name={reply.author.name} text={quoted} url={url} stopUrl={stopUrl} />;
    const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
    await replies.mailer.send({
      to: String(watcher.email),
      subject: `${reply.author.name} replied on “${post.title}”`,
      html,
      text,
      headers: { 'List-Unsubscribe': `<${stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    mailed++;
  }
  return mailed;
}

/** The reply notices' queue, made once per queue handle (a notice may be asked for before the worker started). */
const repliesQueue = (boss: PgBoss) =>
  ensureQueue(boss, REPLIES_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true });

/** The queue's worker for reply notices. */
export async function workReplies(boss: PgBoss, replies: Replies): Promise<void> {
  await repliesQueue(boss);
  await workOnce<{ commentId: string }>(
    boss,
    REPLIES_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await noticeReply(replies, job.data.commentId);
    },
  );
}

/** Asks the queue to notice a comment (its creation, its approval: each asks; the notices are made once). */
export async function enqueueReplyNotice(boss: PgBoss, commentId: string) {
  await repliesQueue(boss);
  return boss.send(REPLIES_QUEUE, { commentId });
}

/**
 * Whether a comment event may make a reply notice: its post (the event's `resourceId`) has a watcher. An event that
 * names no post may: its job finds out. One indexed count, so a post nobody watches queues no job per comment.
 */
export async function mayNotice(replies: Replies, postId: string | undefined): Promise<boolean> {
  if (!postId) return true;
  return (await replies.records.count(replyWatchers.id, { filter: { postId: { $eq: postId } } }, OWNER)) > 0;
}
