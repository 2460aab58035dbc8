import { blogSource } from '@/lib/blog';
import { subscribe } from '@/lib/core/events/bus';
import { config } from '@/lib/core/config';
import { createBulkMailer, fromAddress, mailer, named } from '@/lib/core/mail';
import { settingsStore } from '@/lib/settings';
import { processSingleton } from '@/lib/core/process-singleton';
import { newsletterKey } from './site-key';
import { dataClient, recordsClient, siteJobs } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import {
  newsletterClaims,
  newsletterClicks,
  newsletterDeliveries,
  newsletterOpens,
  newsletterSettings,
  newsletterSends,
} from './sending';
import type { Newsletter, Sending } from './types';
import { announce } from './send-plan';
import { noteUnsubscribedFrom, pruneClaims } from './send-upkeep';
import { enqueueSend, enqueueSubscribe, resumeSend, workSends, workSubscribes } from './queue';
import { confirmationRequests } from './confirmations';
import {
  type OwnerIntent,
  isPaused,
  ownerChoice,
  previewMail,
  sendStatusOf,
  sendTest,
  setPaused,
  setTrackOpens,
  tracksOpens,
} from './owner';
import { countOpen, followClick } from './engagement';
import { type SendResult, sendResultOf, sendResults } from './results';
import { type NewsletterService, createNewsletterService } from './service';
import { subscriptionOf, unsubscribeAddress } from './member';

export {
  askToSubscribe,
  confirm,
  normaliseEmail,
  subscribe,
  type ConfirmOutcome,
  type SubscribeOutcome,
} from './subscribe';
export type { SubscribeJob } from './types';
export {
  unsubscribe,
  unsubscribeLinkHolds,
  unsubscribeUrl,
  unsubscribePath,
  type UnsubscribeOutcome,
} from './unsubscribe';
export { newsletterDeliveries, newsletterSends } from './sending';
export type { AnnounceOutcome } from './send-plan';
export { NEWSLETTER_QUEUE, SUBSCRIBE_QUEUE, runSubscribe } from './queue';
export type { NewsletterService, SubscribeInput } from './service';
export type { MemberSubscription, NewsletterStanding } from './member';

/**
 * A signed-in member's own address on the newsletter (the account page; member.ts): where it stands, a subscribe under
 * the form's rules (the client's limit, then the confirmation link mailed by the queue's job), an unsubscribe as the
 * mail's link makes it. The caller has the member's address from their session, and shows or unsubscribes it only once
 * the address is known to be theirs.
 */
export const memberNewsletter = {
  standing: (email: string) => subscriptionOf(siteNewsletter(), email),
  async subscribe(email: string, client: string): Promise<void> {
    const { language } = await subscriptionOf(siteNewsletter(), email);
    await newsletterService.subscribe({ client, email, language, trapped: false });
  },
  unsubscribe: (email: string) => unsubscribeAddress(siteNewsletter(), email),
};

/** The owner holds a post's mail back, or lets a held one go (owner.ts `ownerChoice`). */
export async function ownerSendChoice(postId: string, intent: OwnerIntent) {
  const boss = await siteJobs();
  return ownerChoice(siteSending(), postId, intent, (id) => enqueueSend(boss, id));
}

/** The owner pauses every send, or resumes them (owner.ts `setPaused`). */
export async function ownerPause(paused: boolean) {
  const boss = await siteJobs();
  return setPaused(siteSending(), paused, (id) => resumeSend(boss, id));
}

/** The owner has the mail of the next sends count opens, or not (owner.ts `setTrackOpens`). */
export const ownerTrackOpens = (on: boolean) => setTrackOpens(siteSending(), on);

/** Whether every send is paused; whether the next sends count opens; a post's test mail; its preview (owner.ts). */
export const sendingPaused = () => isPaused(siteSending().records);
export const countingOpens = () => tracksOpens(siteSending().records);
export const ownerTestMail = (postId: string, to: string) => sendTest(siteSending(), postId, to);
export const ownerPreview = (postId: string) => previewMail(siteSending(), postId);
export const postSendStatus = (postId: string) => sendStatusOf(siteSending(), postId);

/** A reader unsubscribed from `postId`'s mail (its link's `p`): counted in that post's report. */
export const unsubscribedFrom = (postId: string, subscriberId: string) =>
  noteUnsubscribedFrom(siteSending(), postId, subscriberId);

/** A click on a mail's tracked link: where it forwards, null when the link does not hold (engagement.ts). */
export const newsletterClick = (params: URLSearchParams, record = true) => followClick(siteSending(), params, record);
/** A mail's open pixel loaded: counted when it holds (engagement.ts). */
export const newsletterOpen = (params: URLSearchParams) => countOpen(siteSending(), params);

/** Each send's results, newest first, and one post's (results.ts). */
export const newsletterResults = (): Promise<SendResult[]> => sendResults(siteSending().records);
export const newsletterResultsOf = (postId: string): Promise<SendResult | null> =>
  sendResultOf(siteSending().records, postId);
export type { SendResult } from './results';

const key = newsletterKey;

/**
 * The site's newsletter: its data client, its records (the open confirmation requests), the mailer, the queue the
 * form's subscribes wait on, and the link key; one per process.
 */
export const siteNewsletter = (): Newsletter =>
  processSingleton('newsletter', () => ({
    client: dataClient(),
    records: recordsClient(confirmationRequests),
    mailer: mailer(),
    queue: async (job) => enqueueSubscribe(await siteJobs(), job),
    siteUrl: config().siteUrl,
    key: key(),
  }));

/** The rules of the subscribe form (service.ts), over the site's newsletter. */
export const newsletterService: NewsletterService = createNewsletterService({ newsletter: siteNewsletter });

/**
 * The newsletter's sending (sending.ts): subscribers from the site's collections, sends and deliveries in its records,
 * mail through the bulk mailer (NEWSLETTER_RATE), the post as the blog has it.
 */
export const siteSending = (): Sending =>
  processSingleton('newsletter-sending', () => {
    const c = config();
    return {
      subscribers: dataClient(),
      records: recordsClient(
        newsletterSends,
        newsletterDeliveries,
        newsletterClaims,
        newsletterSettings,
        newsletterClicks,
        newsletterOpens,
      ),
      mailer: createBulkMailer(c.mail, c.siteUrl),
      siteUrl: c.siteUrl,
      key: key(),
      replyTo: c.mail.replyTo,
      sender: async () => {
        const settings = await settingsStore().get();
        return {
          from: named(fromAddress(c.mail, c.siteUrl), settings.senderName || settings.title),
          ...(settings.replyTo && { replyTo: settings.replyTo }),
        };
      },
      footer: c.mail.footer,
      post: (postId) => blogSource().getPost(postId, { fieldsets: ['RICH_CONTENT'] }),
      draft: (postId) => blogSource().getDraft(postId),
    };
  });

/**
 * At the server's start: the bus's `newsletter-first-send` subscriber announcing each post event that may be a first
 * publication (created, updated: the first makes a send; lib/core/events/registry.ts), the queue's workers for
 * subscribes and for sends, and every send left unfinished by a stop asked for again.
 */
export async function startNewsletter(): Promise<void> {
  const sending = siteSending();
  // Attached first, before the queue starts (seconds on a fresh database, or a failure tried again later): a post
  // published meanwhile still makes its send, which waits for the queue. Once the server answers, an event is heard.
  processSingleton('newsletter-listener', () => {
    // After the blog source's subscriber has let go of its copy of the post (the registry's order): announce reads it
    // as the platform has it.
    subscribe('newsletter-first-send', (event) => {
      void announce(sending, event.entityId, async (postId) => enqueueSend(await siteJobs(), postId)).catch(
        (error: unknown) => console.error(JSON.stringify({ msg: 'newsletter: announce failed', error: String(error) })),
      );
    });
    return true;
  });
  const boss = await siteJobs();
  await workSubscribes(boss, siteNewsletter());
  await workSends(boss, sending);
  const { items } = await sending.records.query(
    newsletterSends.id,
    { filter: { status: { $in: ['queued', 'sending'] } }, limit: 100 },
    OWNER,
  );
  for (const send of items) await resumeSend(boss, String(send.postId));
  await pruneClaims(sending).catch((error: unknown) =>
    console.warn(JSON.stringify({ msg: 'newsletter: old claims not removed', error: String(error) })),
  );
}

export {
  sendReports,
  subscriberChanges,
  subscriberWeeks,
  subscribersCsv,
  type SendReport,
  type SubscriberChanges,
} from './report';
export { NEWSLETTER_STATES, isNewsletterState, newsletterStatePath } from './states';
export type { NewsletterStateName } from './states';
