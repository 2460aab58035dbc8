import { randomBytes } from 'node:crypto';
import { smtpRefusal } from '@/lib/core/mail';
import { SITE_NAME } from '@/lib/core/site';
import { defineCollection, OWNER, OWNER_ONLY } from '@/lib/data/types';
import { CONFIRM_LINK_DAYS, confirmToken } from './key';
import type { Newsletter } from './types';

// Confirmation requests and their mail. Each subscribe that asks for a link opens a request: a random nonce kept in
// the site's own records under the subscriber's id (one open request per address: a new one replaces the last) and
// bound into the link's signed token, so a link confirms only the request it was mailed for. Confirming closes it, and
// so does unsubscribing: a week-old link opened after a one-click unsubscribe (by the reader, or a mail scanner) finds
// no request of its own and changes nothing. The requests are made, and mailed, by the queue's worker (queue.ts).

/** An address's open confirmation request (`_id`: the subscriber's): the nonce its link carries, and its date. */
export const confirmationRequests = defineCollection({
  id: 'newsletter-requests',
  internal: true,
  fields: { request: { type: 'text' }, requestedDate: { type: 'datetime' } },
  permissions: OWNER_ONLY,
});

/** A new request's nonce: 16 random bytes, base64url (22 characters). */
export const newRequest = () => randomBytes(16).toString('base64url');

/** Opens (or replaces) the address's confirmation request. */
export const openRequest = (newsletter: Newsletter, id: string, request: string, now: Date) =>
  newsletter.records.save(confirmationRequests.id, { _id: id, request, requestedDate: now.toISOString() }, OWNER);

/** The nonce of the address's open request, if it has one. */
export async function openRequestOf(newsletter: Newsletter, id: string): Promise<string | undefined> {
  const item = await newsletter.records.get(confirmationRequests.id, id, OWNER);
  return typeof item?.request === 'string' ? item.request : undefined;
}

/** Closes the address's request (confirmed, or unsubscribed): its link no longer confirms anything. */
export const closeRequest = (newsletter: Newsletter, id: string) =>
  newsletter.records.remove(confirmationRequests.id, id, OWNER);

/** A confirmation mail to send: the subscriber, its address and the request the link is for. */
export interface ConfirmationRequest {
  id: string;
  email: string;
  request: string;
}

/** Takes the address's sent date away, so that the form asks for a link again at once rather than in ten minutes. */
export async function unstamp(newsletter: Newsletter, id: string): Promise<void> {
  const known = await newsletter.client.get('subscribers', id, OWNER);
  if (!known?.confirmationSentDate) return;
  const { confirmationSentDate: _unsent, ...unstamped } = known;
  await newsletter.client.update('subscribers', unstamped, OWNER);
}

/**
 * Mails the link of a request. A mail server's permanent refusal (5xx) is `refused`; anything else throws, for the
 * queue to try the job again. Either way the address is unstamped: the job tried again, or the form sent again, makes
 * a new request and mails its link at once rather than in ten minutes.
 */
export async function mailConfirmation(
  newsletter: Newsletter,
  confirmation: ConfirmationRequest,
  now: Date,
): Promise<'sent' | 'refused'> {
  try {
    await newsletter.mailer.send(confirmationMail(newsletter, confirmation, now));
    return 'sent';
  } catch (error) {
    const { permanent, code } = smtpRefusal(error);
    // Neither the address nor the server's words (which often repeat it): the code alone.
    console.error(JSON.stringify({ msg: 'newsletter: the confirmation mail could not be sent', code, permanent }));
    await unstamp(newsletter, confirmation.id);
    if (permanent) return 'refused';
    throw new Error(`the confirmation mail could not be sent (${code ?? (error as Error).name})`);
  }
}

export const confirmPath = (id: string, token: string) =>
  `/newsletter/confirm?${new URLSearchParams({ s: id, t: token })}`;

function confirmationMail(newsletter: Newsletter, { id, email, request }: ConfirmationRequest, now: Date) {
  const link = `${newsletter.siteUrl}${confirmPath(id, confirmToken(newsletter.key, id, request, now))}`;
  return {
    to: email,
    subject: `Confirm your subscription to ${SITE_NAME}`,
    text:
      `Someone, hopefully you, asked for new posts of ${SITE_NAME} by e-mail at this address.\n\n` +
      `To confirm, open this link (it works for ${CONFIRM_LINK_DAYS} days):\n${link}\n\n` +
      `If it was not you, ignore this mail: nothing will be sent without the confirmation.\n`,
  };
}
