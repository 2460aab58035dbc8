import { createHash } from 'node:crypto';
import { z } from 'zod';
import { OWNER, dataErrors } from '@/lib/data/types';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { type Language, MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { closeRequest, mailConfirmation, newRequest, openRequest, openRequestOf, unstamp } from './confirmations';
import { readConfirmToken } from './key';
import type { Newsletter } from './types';

// A newsletter subscription with double opt-in: one stored item per address, however often and however concurrently
// it is sent (the item's id is derived from the normalised address, so the primary key deduplicates: no read-then-write
// race), `pending` until the link mailed to the address is followed. What a visitor is told never depends on whether
// the address was known: "check your inbox" either way, and as fast: the form's request only checks the address and
// leaves the subscribe on the site's queue (`askToSubscribe`; queue.ts), whose worker stores it and mails the link, so
// the answer does the same work for a new, a pending and a confirmed address. Only the owner may write the
// `subscribers` collection (lib/data/collections.ts): this path writes as the site (OWNER) after its own checks, so an
// address is stored only as this path chooses (pending, stamped, mailed), never as a data API caller sends it.

const Email = z.email();

/** An address as stored: trimmed and lower-cased (mail systems treat the local part case-blind in practice). */
export function normaliseEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (email.length > 254 || !Email.safeParse(email).success) throw errors.badValue('email must be an e-mail address');
  return email;
}

export const subscriberId = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 32);

/** A pending address gets its link again only after this long (a form resent twice does not mail twice). */
export const RESEND_AFTER_MS = 10 * 60 * 1000;

/** ISO 8601 week of a date in UTC, as `2026-W48`: the week's Thursday decides its year. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The form's subscribe: the address checked (a bad one is the catalogue's 400), then left to the site's queue, whose
 * worker subscribes it; nothing else is read or written while the visitor waits. A queue that cannot take it is the
 * data service's 503.
 */
export async function askToSubscribe(
  newsletter: Newsletter,
  rawEmail: unknown,
  language: Language = MAIN_LANGUAGE,
): Promise<void> {
  const email = normaliseEmail(rawEmail);
  try {
    await newsletter.queue({ email, language });
  } catch (error) {
    console.error(
      JSON.stringify({ msg: 'newsletter: the subscribe could not be queued', error: (error as Error).name }),
    );
    throw dataErrors.unavailable();
  }
}

export type SubscribeOutcome = 'sent' | 'resent' | 'recently-sent' | 'already-confirmed';

/**
 * Stores the address as pending, opens a new confirmation request (confirmations.ts) and mails its link; see
 * SubscribeOutcome for a known address. `language`: whose posts the address will be mailed (the language of the page
 * the form was on). The queue's worker runs it; a mail that failed for now throws, for the queue to run it again.
 */
export async function subscribe(
  newsletter: Newsletter,
  rawEmail: unknown,
  language: Language = MAIN_LANGUAGE,
): Promise<SubscribeOutcome> {
  const { client } = newsletter;
  const email = normaliseEmail(rawEmail);
  const _id = subscriberId(email);
  const now = (newsletter.now ?? (() => new Date()))();
  const sentDate = now.toISOString();
  let outcome: SubscribeOutcome = 'sent';
  try {
    // Stamped as sent before sending: a second request racing this one sees a fresh link and sends none.
    const item = { _id, email, status: 'pending', week: isoWeek(now), confirmationSentDate: sentDate, language };
    await client.insert('subscribers', item, OWNER);
  } catch (error) {
    if (!(isCatalogueError(error) && error.wde === 'WDE0074')) throw error;
    const known = await client.get('subscribers', _id, OWNER);
    if (!known) throw error;
    if (known.status === 'confirmed') return 'already-confirmed';
    // Recently sent means within RESEND_AFTER_MS either side of now (instances' clocks differ by seconds): a date far
    // in the future (an import, a clock gone wrong) must not silence the address for good.
    const last = Date.parse(String(known.confirmationSentDate ?? ''));
    if (Math.abs(now.getTime() - last) < RESEND_AFTER_MS) return 'recently-sent';
    // Asking again from another language's page changes the language, as the last form the reader filled in says.
    await client.update('subscribers', { ...known, confirmationSentDate: sentDate, language }, OWNER);
    outcome = 'resent';
  }
  // A new request: the links mailed for earlier ones (and before an unsubscribe) confirm nothing from now on.
  const request = newRequest();
  try {
    await openRequest(newsletter, _id, request, now);
  } catch (error) {
    // Unstamped, so the queue's next try (or the next form) sends; the address itself is not what failed.
    await unstamp(newsletter, _id).catch(() => undefined);
    throw error;
  }
  await mailConfirmation(newsletter, { id: _id, email, request }, now);
  return outcome;
}

export type ConfirmOutcome = 'confirmed' | 'invalid';

/**
 * Follows a confirmation link. It confirms the pending request it was mailed for, and closes it; a confirmed address
 * stays so (a second click, harmlessly). Anything else is `invalid` and changes nothing: a bad, altered or expired
 * link, or one whose request is closed (a later request replaced it, or the address unsubscribed since).
 */
export async function confirm(newsletter: Newsletter, id: unknown, token: unknown): Promise<ConfirmOutcome> {
  if (typeof id !== 'string' || typeof token !== 'string' || !/^[0-9a-f]{32}$/.test(id)) return 'invalid';
  const now = (newsletter.now ?? (() => new Date()))();
  const claim = readConfirmToken(newsletter.key, id, token, now);
  if (!claim) return 'invalid';
  const known = await newsletter.client.get('subscribers', id, OWNER);
  if (!known) return 'invalid';
  if (known.status === 'confirmed') return 'confirmed';
  const open = await openRequestOf(newsletter, id);
  // A link of the earlier form names no request: it holds only where nothing happened since it could have been
  // mailed (still pending, never unsubscribed, no request made since).
  const holds = claim.request === undefined ? known.status === 'pending' && open === undefined : open === claim.request;
  if (!holds) return 'invalid';
  await newsletter.client.update(
    'subscribers',
    { ...known, status: 'confirmed', confirmedDate: now.toISOString() },
    OWNER,
  );
  await closeRequest(newsletter, id);
  return 'confirmed';
}
