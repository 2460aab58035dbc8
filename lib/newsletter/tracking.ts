import { clickToken, openToken } from './key';
import type { Sending } from './types';

// A mail's links through the site, so the owner sees what readers did with each send (results.ts): every link to the
// post or in its text goes by the click route, which records the click and forwards at once; where the owner counts
// opens, a one-pixel image loads the open route. The post's mail is rendered once for the whole send (message.ts) with
// each such link written as a mark; each delivery's message turns the marks into its own signed links (the signature
// names the delivery and the address, so the route forwards only where that mail linked).

export const CLICK_PATH = '/api/newsletter/click';
export const OPEN_PATH = '/api/newsletter/open';

/** A tracked link in the rendered mail: the address after it, in base64url (nothing for HTML or text to escape). */
const LINK_MARK = 'https://link.invalid/';
const LINK_MARKS = /https:\/\/link\.invalid\/([\w-]+)/g;
/** The open-counting pixel's address in the rendered mail. */
export const OPEN_MARK = 'https://open.invalid/MARK';

/** How the rendered mail writes a link: an http(s) address as a mark; anything else (mailto:) as it is. */
export const markLink = (url: string) =>
  /^https?:\/\//i.test(url) ? `${LINK_MARK}${Buffer.from(url).toString('base64url')}` : url;

type Site = Pick<Sending, 'siteUrl' | 'key'>;

/** The longest URL the site's routes answer (lib/edge/api/respond.ts MAX_URL_LENGTH): a longer tracked link fails. */
const MAX_TRACKED_URL = 2048;

/** A delivery's tracked link to `url`: the click route, which forwards there. */
export function clickUrl(site: Site, deliveryId: string, url: string): string {
  const query = new URLSearchParams({ d: deliveryId, u: url, s: clickToken(site.key, deliveryId, url) });
  return `${site.siteUrl}${CLICK_PATH}?${query}`;
}

/** A delivery's open-counting pixel. */
export const openUrl = (site: Site, deliveryId: string) =>
  `${site.siteUrl}${OPEN_PATH}?${new URLSearchParams({ d: deliveryId, s: openToken(site.key, deliveryId) })}`;

/** A value as an HTML attribute holds it, written as React writes one. */
const attribute = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/**
 * The rendered mail's marks made a delivery's own links (in the HTML, as attributes; in the text, as they are). With no
 * delivery (the owner's test, the preview: counted nowhere) each link is its address, and the pixel the open route
 * unsigned, which counts nothing.
 */
export function trackedLinks(rendered: { html: string; text: string }, site: Site, deliveryId?: string) {
  const link = (encoded: string) => {
    const url = Buffer.from(encoded, 'base64url').toString('utf8');
    const tracked = deliveryId ? clickUrl(site, deliveryId, url) : url;
    // An address too long to go through the click route is linked as it is, untracked, rather than broken.
    return tracked.length <= MAX_TRACKED_URL ? tracked : url;
  };
  const pixel = deliveryId ? openUrl(site, deliveryId) : `${site.siteUrl}${OPEN_PATH}`;
  return {
    html: rendered.html
      .replace(LINK_MARKS, (_, encoded: string) => attribute(link(encoded)))
      .replaceAll(OPEN_MARK, attribute(pixel)),
    text: rendered.text.replace(LINK_MARKS, (_, encoded: string) => link(encoded)).replaceAll(OPEN_MARK, pixel),
  };
}
