import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DataClient } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import { errors, isCatalogueError } from '@/lib/core/errors';
import type { Mailer } from '@/lib/core/mail';
import { SITE_NAME } from '@/lib/core/site';
import { type Language, MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { CONFIRM_LINK_DAYS, confirmToken, confirmTokenHolds } from './key';

// A newsletter subscription with double opt-in: one stored item per address, however often and however concurrently
// it is sent (the item's id is derived from the normalised address, so the primary key deduplicates: no read-then-write
// race), `pending` until the link mailed to the address is followed. What a visitor is told never depends on whether
// the address was known: "check your inbox" either way. Only the owner may write the `subscribers` collection
// (lib/data/collections.ts): this path writes as the site (OWNER) after its own checks, so a visitor's address is
// stored only as it chose here (pending, stamped, mailed), never as a data API caller sends it.

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

export interface Newsletter {
  client: DataClient;
  mailer: Mailer;
  /** The public origin the confirmation link points at. */
  siteUrl: string;
  /** Signs confirmation links (key.ts). */
  key: Buffer;
  now?: () => Date;
}

/** ISO 8601 week of a date in UTC, as `2026-W48`: the week's Thursday decides its year. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export type SubscribeOutcome = 'sent' | 'resent' | 'recently-sent' | 'already-confirmed';

/** Stores the address as pending and mails its confirmation link; see SubscribeOutcome for a known address. */
/** `language`: whose posts the address will be mailed (the language of the page the form was on). */
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
  try {
    await newsletter.mailer.send(confirmationMail(newsletter, email, _id, now));
  } catch (error) {
    // Unstamped, so the next request sends again; the address itself is not what failed.
    const known = await client.get('subscribers', _id, OWNER);
    if (known) {
      const { confirmationSentDate: _unsent, ...rest } = known;
      await client.update('subscribers', rest, OWNER);
    }
    console.error(`newsletter: the confirmation mail could not be sent (${(error as Error).name})`);
    throw errors.upstreamFailed('the confirmation mail could not be sent; try again in a few minutes');
  }
  return outcome;
}

export const confirmPath = (id: string, token: string) =>
  `/newsletter/confirm?${new URLSearchParams({ s: id, t: token })}`;

function confirmationMail(newsletter: Newsletter, email: string, id: string, now: Date) {
  const link = `${newsletter.siteUrl}${confirmPath(id, confirmToken(newsletter.key, id, now))}`;
  return {
    to: email,
    subject: `Confirm your subscription to ${SITE_NAME}`,
    text:
      `Someone, hopefully you, asked for new posts of ${SITE_NAME} by e-mail at this address.\n\n` +
      `To confirm, open this link (it works for ${CONFIRM_LINK_DAYS} days):\n${link}\n\n` +
      `If it was not you, ignore this mail: nothing will be sent without the confirmation.\n`,
  };
}

export type ConfirmOutcome = 'confirmed' | 'invalid';

/** Follows a confirmation link: the subscriber is confirmed (again, harmlessly), or the link is not good. */
export async function confirm(newsletter: Newsletter, id: unknown, token: unknown): Promise<ConfirmOutcome> {
  if (typeof id !== 'string' || typeof token !== 'string' || !/^[0-9a-f]{32}$/.test(id)) return 'invalid';
  const now = (newsletter.now ?? (() => new Date()))();
  if (!confirmTokenHolds(newsletter.key, id, token, now)) return 'invalid';
  const known = await newsletter.client.get('subscribers', id, OWNER);
  if (!known) return 'invalid';
  if (known.status !== 'confirmed') {
    const confirmed = { ...known, status: 'confirmed', confirmedDate: now.toISOString() };
    await newsletter.client.update('subscribers', confirmed, OWNER);
  }
  return 'confirmed';
}
