import { createHash } from 'node:crypto';
import type { DataClient } from '@/lib/data';
import { defineCollection, OWNER, OWNER_ONLY } from '@/lib/data/types';

// Where the newsletter's sending keeps its state, in the site's own records (sending.ts works on them): one send per
// post, one delivery per subscriber of that send.

/** A post's send: queued, sending, done, held (the owner held it back), cancelled (no longer published). */
export const newsletterSends = defineCollection({
  id: 'newsletter-sends',
  internal: true,
  fields: {
    postId: { type: 'text' },
    title: { type: 'text' },
    status: { type: 'text', indexed: true },
    startedDate: { type: 'datetime' },
    doneDate: { type: 'datetime' },
    /** Its claims removed (send-upkeep.ts `pruneClaims`), a day after it was done. */
    claimsPruned: { type: 'boolean' },
  },
  permissions: OWNER_ONLY,
});

/** One subscriber's message of one post's send. */
export const newsletterDeliveries = defineCollection({
  id: 'newsletter-deliveries',
  internal: true,
  fields: {
    postId: { type: 'text', indexed: true },
    subscriberId: { type: 'text' },
    email: { type: 'text' },
    /** queued, sending, sent, deferred, bounced, skipped (unsubscribed meanwhile), unknown (a worker died sending). */
    status: { type: 'text', indexed: true },
    attempts: { type: 'number' },
    messageId: { type: 'text' },
    error: { type: 'text' },
    nextAttemptDate: { type: 'datetime' },
    /** The reader left by this mail's unsubscribe link. */
    unsubscribed: { type: 'boolean' },
  },
  permissions: OWNER_ONLY,
});

/**
 * One attempt at one delivery, claimed by the worker that makes it: its id is the delivery's and the attempt's, so of
 * two workers on one send (a job given back while its worker still ran, an instance asking again at its start) only
 * the first to insert it mails; the other leaves that delivery alone.
 */
export const newsletterClaims = defineCollection({
  id: 'newsletter-claims',
  internal: true,
  fields: { postId: { type: 'text', indexed: true } },
  permissions: OWNER_ONLY,
});

/** The newsletter's one settings item (`_id: 'site'`): `paused`, the owner's pause of every send. */
export const newsletterSettings = defineCollection({
  id: 'newsletter-settings',
  internal: true,
  fields: { paused: { type: 'boolean' }, pausedDate: { type: 'datetime' } },
  permissions: OWNER_ONLY,
});

export const SETTINGS_ID = 'site';

/** Whether the owner paused every send. */
export const isPaused = async (records: DataClient) =>
  (await records.get(newsletterSettings.id, SETTINGS_ID, OWNER))?.paused === true;

export type SendStatus = 'queued' | 'sending' | 'done' | 'held' | 'cancelled';

export const deliveryId = (postId: string, subscriberId: string) =>
  createHash('sha256').update(`newsletter-delivery\n${postId}\n${subscriberId}`).digest('hex').slice(0, 40);
