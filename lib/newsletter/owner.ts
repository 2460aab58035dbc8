import { randomUUID } from 'node:crypto';
import type { Post } from '@/lib/blog/types';
import { OWNER } from '@/lib/data/types';
import {
  type SendStatus,
  isPaused,
  newsletterSends,
  newsletterSettings,
  settingsOf,
  tracksOpens,
} from './send-records';
import { messageOf, renderOnce, subjectOf } from './message';
import type { Sending } from './types';
import { subscriberId } from './subscribe';

// The owner's hand on the newsletter (the dashboard's Subscribers and Drafts pages, POST /api/owner/newsletter): hold a
// post's mail back or let it go, pause every send and resume them, count the mail's opens or not, mail a test of a
// post to one address, and see the mail as subscribers will.

export type OwnerIntent = 'hold' | 'send';

/**
 * The owner holds a post's mail back (before it is published too: the send is made held, and its first publication
 * then finds it and mails nothing), or lets it go: a held send is queued again and asked of the queue.
 */
export async function ownerChoice(
  sending: Sending,
  postId: string,
  intent: OwnerIntent,
  enqueue: (postId: string) => Promise<unknown>,
): Promise<SendStatus | 'released' | 'unknown-post'> {
  const send = await sending.records.get(newsletterSends.id, postId, OWNER);
  if (intent === 'hold') {
    if (!send) {
      const post = (await sending.post(postId)) ?? (await sending.draft?.(postId)) ?? null;
      await sending.records.insert(
        newsletterSends.id,
        { _id: postId, postId, title: post?.title ?? '', status: 'held' satisfies SendStatus },
        OWNER,
      );
      return 'held';
    }
    if (send.status === 'queued' || send.status === 'sending') {
      await sending.records.update(newsletterSends.id, { ...send, status: 'held' }, OWNER);
      return 'held';
    }
    return send.status as SendStatus;
  }
  if (!send || send.status !== 'held') return (send?.status as SendStatus | undefined) ?? 'unknown-post';
  // Not published yet: the hold is lifted, and its first publication will make the send.
  const post = await sending.post(postId);
  if (!post || post.status !== 'PUBLISHED') {
    await sending.records.remove(newsletterSends.id, postId, OWNER);
    return 'released';
  }
  await sending.records.update(newsletterSends.id, { ...send, status: 'queued' }, OWNER);
  await enqueue(postId);
  return 'queued';
}

export { isPaused };

/** The post's send status (`held` for one held back before publication), or null when it has none. */
export async function sendStatusOf(sending: Sending, postId: string): Promise<SendStatus | null> {
  const send = await sending.records.get(newsletterSends.id, postId, OWNER);
  return send ? (send.status as SendStatus) : null;
}

/**
 * Pauses every send (the workers stop between pages; new posts still get their send, which waits), or resumes them:
 * each unfinished send is asked of the queue again (`resume`).
 */
export async function setPaused(
  sending: Sending,
  paused: boolean,
  resume: (postId: string) => Promise<unknown>,
): Promise<'paused' | 'resumed'> {
  const item = {
    ...(await settingsOf(sending.records)),
    paused,
    pausedDate: paused ? new Date().toISOString() : undefined,
  };
  await sending.records.save(newsletterSettings.id, item, OWNER);
  if (paused) return 'paused';
  const { items } = await sending.records.query(
    newsletterSends.id,
    { filter: { status: { $in: ['queued', 'sending'] } }, limit: 100 },
    OWNER,
  );
  for (const send of items) await resume(String(send.postId));
  return 'resumed';
}

export { tracksOpens };

/**
 * Whether the mail of sends started from now on counts opens: a one-pixel image in it, and its footer saying so. A
 * send already started keeps the mail it began with.
 */
export async function setTrackOpens(sending: Sending, on: boolean): Promise<'opens-on' | 'opens-off'> {
  await sending.records.save(newsletterSettings.id, { ...(await settingsOf(sending.records)), trackOpens: on }, OWNER);
  return on ? 'opens-on' : 'opens-off';
}

/** The post as the mail shows it: published, else its draft. */
const postOrDraft = async (sending: Sending, postId: string): Promise<Post | null> =>
  (await sending.post(postId)) ?? (await sending.draft?.(postId)) ?? null;

/**
 * A test of a post's mail to one address (the owner's own): the message a subscriber gets, its subject marked
 * "[Test]", recorded nowhere and counted in no send (its links lead straight to their addresses; its pixel, where
 * opens are counted, counts nothing). Its unsubscribe link is that address's, as a subscriber's is.
 */
export async function sendTest(sending: Sending, postId: string, to: string): Promise<'sent' | 'unknown-post'> {
  const post = await postOrDraft(sending, postId);
  if (!post) return 'unknown-post';
  const rendered = await renderOnce(sending, post, await tracksOpens(sending.records));
  const messageId = `<test.${randomUUID()}@${new URL(sending.siteUrl).hostname}>`;
  await sending.mailer.send(
    messageOf(sending, rendered, {
      to,
      subscriberId: subscriberId(to),
      subject: `[Test] ${subjectOf(post)}`,
      messageId,
    }),
  );
  return 'sent';
}

/** The mail's HTML as a subscriber will see it (the unsubscribe link leads to the page's "not valid" answer). */
export async function previewMail(sending: Sending, postId: string): Promise<string | null> {
  const post = await postOrDraft(sending, postId);
  if (!post) return null;
  const rendered = await renderOnce(sending, post, await tracksOpens(sending.records));
  const message = messageOf(sending, rendered, {
    to: 'preview@invalid',
    subscriberId: '0'.repeat(32),
    subject: subjectOf(post),
    messageId: '<preview@invalid>',
  });
  return message.html;
}
