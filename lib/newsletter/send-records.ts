import { createHash } from 'node:crypto';
import type { DataClient } from '@/lib/data';
import { defineCollection, OWNER, OWNER_ONLY } from '@/lib/data/types';

// Where the newsletter's sending keeps its state, in the site's own records (sending.ts works on them): one send per
// post, one delivery per subscriber of that send, and what readers did with a delivery's mail (its clicks, its opens:
// engagement.ts writes them, results.ts counts them).

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
    /**
     * Its mail counts opens (a pixel, said in its footer): the owner's setting when the send started, kept so that a
     * send resumed after the owner changed it mails the same mail, and its results say whether opens were counted.
     */
    trackOpens: { type: 'boolean' },
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

/**
 * The newsletter's one settings item (`_id: 'site'`): `paused`, the owner's pause of every send; `trackOpens`, whether
 * the next sends' mail counts opens (off unless the owner turns it on).
 */
export const newsletterSettings = defineCollection({
  id: 'newsletter-settings',
  internal: true,
  fields: { paused: { type: 'boolean' }, pausedDate: { type: 'datetime' }, trackOpens: { type: 'boolean' } },
  permissions: OWNER_ONLY,
});

export const SETTINGS_ID = 'site';

/** The settings item as stored (empty before the owner set anything): a change keeps the other settings. */
export const settingsOf = async (records: DataClient): Promise<Record<string, unknown>> =>
  (await records.get(newsletterSettings.id, SETTINGS_ID, OWNER)) ?? { _id: SETTINGS_ID };

/** Whether the owner paused every send. */
export const isPaused = async (records: DataClient) => (await settingsOf(records)).paused === true;

/** Whether the owner has the mail count opens (a send started now keeps it). */
export const tracksOpens = async (records: DataClient) => (await settingsOf(records)).trackOpens === true;

/**
 * A click on a link of a delivery's mail (the click route records it, then forwards): which delivery, which address,
 * when; no address of the reader's, no agent. A delivery's first click is stored under the delivery's id, marked
 * `first` (one insert decides it, whoever clicks twice at once), so the readers who clicked are one count.
 */
export const newsletterClicks = defineCollection({
  id: 'newsletter-clicks',
  internal: true,
  fields: {
    deliveryId: { type: 'text' },
    postId: { type: 'text', indexed: true },
    url: { type: 'text' },
    date: { type: 'datetime' },
    first: { type: 'boolean' },
  },
  permissions: OWNER_ONLY,
});

/**
 * A delivery's mail opened (its pixel loaded, in a send that counts opens): one record per delivery, under its id, with
 * the first open and how many there were; nothing of the reader's.
 */
export const newsletterOpens = defineCollection({
  id: 'newsletter-opens',
  internal: true,
  fields: {
    postId: { type: 'text', indexed: true },
    firstDate: { type: 'datetime' },
    lastDate: { type: 'datetime' },
    opens: { type: 'number' },
  },
  permissions: OWNER_ONLY,
});

export type SendStatus = 'queued' | 'sending' | 'done' | 'held' | 'cancelled';

export const deliveryId = (postId: string, subscriberId: string) =>
  createHash('sha256').update(`newsletter-delivery\n${postId}\n${subscriberId}`).digest('hex').slice(0, 40);
