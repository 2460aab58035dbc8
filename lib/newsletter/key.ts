import { linkMac, linkMacHolds } from '@/lib/core/security/signed-token';

// The newsletter's confirmation and unsubscribe links: signed with the site key labelled `newsletter`
// (lib/core/security/site-key.ts).

/** How long a confirmation link works. */
export const CONFIRM_LINK_DAYS = 7;
const DAY_SECONDS = 24 * 60 * 60;

const mac = (key: Buffer, id: string, issued: number) => linkMac(key, 'confirm', id, issued);

/** `<issued, base 36>.<mac>`: names the subscriber it was made for and when. */
export function confirmToken(key: Buffer, id: string, now: Date): string {
  const issued = Math.floor(now.getTime() / 1000);
  return `${issued.toString(36)}.${mac(key, id, issued)}`;
}

/** The token was made with this key for this subscriber, within the last CONFIRM_LINK_DAYS. */
export function confirmTokenHolds(key: Buffer, id: string, token: string, now: Date): boolean {
  const match = /^([0-9a-z]{1,10})\.([\w-]{22})$/.exec(token);
  if (!match) return false;
  const issued = Number.parseInt(match[1]!, 36);
  const age = now.getTime() / 1000 - issued;
  if (age < -60 || age > CONFIRM_LINK_DAYS * DAY_SECONDS) return false;
  return linkMacHolds(key, match[2], 'confirm', id, issued);
}

/**
 * The token of a subscriber's unsubscribe link: it never expires (a mail read a year later must still unsubscribe) and
 * names only the subscriber, so each mail's link is the same.
 */
export const unsubscribeToken = (key: Buffer, id: string) => linkMac(key, 'unsubscribe', id);

/** The token was made with this key for this subscriber. */
export const unsubscribeTokenHolds = (key: Buffer, id: string, token: string): boolean =>
  linkMacHolds(key, token, 'unsubscribe', id);
