// A page view as analytics keeps it (issue 46), read from what the page's beacon says and its request's headers: the
// path, the referrer's host (none from this site itself), the campaign's UTM source, medium and name, the device's
// class from its user agent, and the reader's language. Pure: nothing here stores or remembers anything.

export type Device = 'mobile' | 'tablet' | 'desktop';

export interface Hit {
  path: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: Device;
  language: string | null;
}

const MAX_PATH = 512;
const MAX_FIELD = 100;

const clip = (value: string | null | undefined) => {
  const text = value?.trim().toLowerCase();
  return text ? text.slice(0, MAX_FIELD) : null;
};

/** The device class (tablets first: an iPad's or an Android tablet's agent also says "Mobile" or "Safari"). */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * The hit of a page at `url` (the page's own address, its query holding any UTM), come from `referrer`, on the site at
 * `siteHost`. A page of another site, or an address that is not one, is null: nothing is counted.
 */
export function hitOf(input: {
  url: string;
  referrer: string | null;
  userAgent: string;
  acceptLanguage: string | null;
  siteHost: string;
}): Hit | null {
  let page: URL;
  try {
    page = new URL(input.url);
  } catch {
    return null;
  }
  if (page.host !== input.siteHost) return null;
  let referrerHost: string | null = null;
  if (input.referrer) {
    try {
      const from = new URL(input.referrer);
      if (from.protocol === 'http:' || from.protocol === 'https:') referrerHost = from.hostname.replace(/^www\./, '');
    } catch {
      referrerHost = null;
    }
  }
  // From this site itself is no source: a reader going from page to page.
  if (referrerHost === input.siteHost.replace(/:\d+$/, '').replace(/^www\./, '')) referrerHost = null;
  const q = page.searchParams;
  const language = input.acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase().slice(0, 2) || null;
  return {
    path: decodeSafely(page.pathname).slice(0, MAX_PATH),
    referrerHost: clip(referrerHost),
    utmSource: clip(q.get('utm_source') ?? q.get('ref')),
    utmMedium: clip(q.get('utm_medium')),
    utmCampaign: clip(q.get('utm_campaign')),
    device: deviceOf(input.userAgent),
    language: language && /^[a-z]{2}$/.test(language) ? language : null,
  };
}

function decodeSafely(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Whether the reader asked not to be tracked: `DNT: 1` or Global Privacy Control (`Sec-GPC: 1`). */
export const optedOut = (headers: Headers) => headers.get('dnt') === '1' || headers.get('sec-gpc') === '1';
