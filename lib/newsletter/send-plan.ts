import { type Language, languageOf } from '@/lib/core/i18n/languages';
import { isCatalogueError } from '@/lib/core/errors';
import { OWNER } from '@/lib/data/types';
import { PAGE, log, nowOf } from './send-context';
import { type SendStatus, deliveryId, newsletterDeliveries, newsletterSends } from './send-records';
import type { Sending } from './types';

// Who gets a post's mail: the send its first publication makes (`announce`, once whoever asks), the deliveries its job
// lists from the confirmed subscribers of the post's language, and which of them are still confirmed when their page
// of deliveries comes to be mailed.

/** A post mailed when it is first published this recently: an import of an old post, or a re-publish, sends nothing. */
export const FIRST_PUBLICATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export type AnnounceOutcome = 'queued' | 'already' | 'not-published' | 'back-dated';

/**
 * A post event: the post is mailed if this is its first publication (published, first published within the last day,
 * no send yet). The send is made once whoever asks; the job is asked for by whoever made it (`enqueue`).
 */
export async function announce(
  sending: Sending,
  postId: string,
  enqueue: (postId: string) => Promise<unknown>,
): Promise<AnnounceOutcome> {
  const post = await sending.post(postId);
  if (!post || post.status !== 'PUBLISHED') return 'not-published';
  const first = Date.parse(post.firstPublishedDate ?? '');
  if (!Number.isFinite(first) || nowOf(sending).getTime() - first > FIRST_PUBLICATION_WINDOW_MS) return 'back-dated';
  try {
    await sending.records.insert(
      newsletterSends.id,
      { _id: postId, postId, title: post.title, status: 'queued' satisfies SendStatus },
      OWNER,
    );
  } catch (error) {
    if (isCatalogueError(error) && error.wde === 'WDE0074') return 'already';
    throw error;
  }
  await enqueue(postId);
  log(sending, { event: 'queued', postId });
  return 'queued';
}

/**
 * Lists the confirmed subscribers of the post's language into its deliveries (those listed before stay as they are).
 * A subscriber's language is the one their form's page was in (none: the main language), matched here rather than in
 * the query, so that one filter holds on every data backend whatever a subscriber without the field stores.
 */
export async function listDeliveries(sending: Sending, postId: string, language: Language): Promise<void> {
  let after = '';
  for (;;) {
    const { items } = await sending.subscribers.query(
      'subscribers',
      {
        filter: { status: { $eq: 'confirmed' }, ...(after && { _id: { $gt: after } }) },
        sort: [{ fieldName: '_id', order: 'ASC' }],
        limit: PAGE,
      },
      OWNER,
    );
    if (items.length === 0) return;
    const ids = items.map((item) => deliveryId(postId, item._id));
    const { items: known } = await sending.records.query(
      newsletterDeliveries.id,
      { filter: { _id: { $in: ids } }, limit: ids.length },
      OWNER,
    );
    const have = new Set(known.map((item) => item._id));
    const fresh = items
      .filter((item) => !have.has(deliveryId(postId, item._id)))
      .filter((item) => languageOf(typeof item.language === 'string' ? item.language : undefined) === language)
      .map((item) => ({
        _id: deliveryId(postId, item._id),
        postId,
        subscriberId: item._id,
        email: String(item.email),
        status: 'queued',
        attempts: 0,
      }));
    if (fresh.length) await sending.records.bulkInsert(newsletterDeliveries.id, fresh, OWNER);
    after = items[items.length - 1]!._id;
    if (items.length < PAGE) return;
  }
}

/** The subscribers among `ids` still confirmed now (one unsubscribed or bounced since the listing is skipped). */
export async function stillConfirmed(sending: Sending, ids: string[]): Promise<Set<string>> {
  const { items } = await sending.subscribers.query(
    'subscribers',
    { filter: { _id: { $in: ids }, status: { $eq: 'confirmed' } }, limit: ids.length },
    OWNER,
  );
  return new Set(items.map((item) => item._id));
}
