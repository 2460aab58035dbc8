import { linkMac, linkMacHolds } from '@/lib/core/security/signed-token';

// The newsletter's links (confirmation, unsubscribe, a mail's tracked links and its open pixel): signed with the site
// key labelled `newsletter` (lib/core/security/site-key.ts), each kind under its own label.

/** How long a confirmation link works. */
export const CONFIRM_LINK_DAYS = 7;
const DAY_SECONDS = 24 * 60 * 60;

const mac = (key: Buffer, id: string, issued: number, request: string) => linkMac(key, 'confirm', id, issued, request);

/**
 * `<issued, base 36>.<request>.<mac>`: names the subscriber it was made for, when, and the one confirmation request
 * it answers (confirmations.ts: the nonce the subscribe stored), so it confirms that request and no later state.
 */
export function confirmToken(key: Buffer, id: string, request: string, now: Date): string {
  const issued = Math.floor(now.getTime() / 1000);
  return `${issued.toString(36)}.${request}.${mac(key, id, issued, request)}`;
}

/** What a confirmation token that holds names: its request; none for a link mailed before requests existed. */
export interface ConfirmTokenClaim {
  request?: string;
}

/**
 * The request a token names, if it was made with this key for this subscriber within the last CONFIRM_LINK_DAYS;
 * null otherwise (altered, forged, another subscriber's, too old). A token of the earlier form,
 * `<issued>.<mac>` (a link mailed before the release that bound requests, for at most CONFIRM_LINK_DAYS more), holds
 * with no request: subscribe.ts `confirm` takes it only for an address still pending with no request of its own.
 */
export function readConfirmToken(key: Buffer, id: string, token: string, now: Date): ConfirmTokenClaim | null {
  const match = /^([0-9a-z]{1,10})\.(?:([\w-]{22})\.)?([\w-]{22})$/.exec(token);
  if (!match) return null;
  const issued = Number.parseInt(match[1]!, 36);
  const age = now.getTime() / 1000 - issued;
  if (age < -60 || age > CONFIRM_LINK_DAYS * DAY_SECONDS) return null;
  const request = match[2];
  if (request === undefined) return linkMacHolds(key, match[3], 'confirm', id, issued) ? {} : null;
  return linkMacHolds(key, match[3], 'confirm', id, issued, request) ? { request } : null;
}

/**
 * The token of a subscriber's unsubscribe link: it never expires (a mail read a year later must still unsubscribe) and
 * names only the subscriber, so each mail's link is the same.
 */
export const unsubscribeToken = (key: Buffer, id: string) => linkMac(key, 'unsubscribe', id);

/** The token was made with this key for this subscriber. */
export const unsubscribeTokenHolds = (key: Buffer, id: string, token: string): boolean =>
  linkMacHolds(key, token, 'unsubscribe', id);

/**
 * The token of a tracked link in a delivery's mail (tracking.ts): it names the delivery and the address the link
 * forwards to, so it holds for that address only, and the click route forwards nowhere the mail did not link.
 */
export const clickToken = (key: Buffer, deliveryId: string, url: string) => linkMac(key, 'click', deliveryId, url);

export const clickTokenHolds = (key: Buffer, deliveryId: string, url: string, token: unknown): boolean =>
  linkMacHolds(key, token, 'click', deliveryId, url);

/** The token of a delivery's open-counting pixel: it names the delivery alone. */
export const openToken = (key: Buffer, deliveryId: string) => linkMac(key, 'open', deliveryId);

export const openTokenHolds = (key: Buffer, deliveryId: string, token: unknown): boolean =>
  linkMacHolds(key, token, 'open', deliveryId);
