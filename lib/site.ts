import { config } from './config';

import { SITE_NAME } from './site-identity';

export { SITE_DESCRIPTION, SITE_LANGUAGE, SITE_NAME } from './site-identity';
export const FEED_PAGE_SIZE = 12;

/** Next replaces a layout's `alternates` with a page's, so every page that sets alternates repeats this. */
export const RSS_ALTERNATE = { 'application/rss+xml': [{ url: '/feed.xml', title: SITE_NAME }] };

/** An absolute URL on the public site, for canonical links, feeds and the sitemap. */
export const absoluteUrl = (path: string) => `${config().siteUrl}${path.startsWith('/') ? path : `/${path}`}`;

export const postPath = (slug: string) => `/post/${encodeURIComponent(slug)}`;
export const categoryPath = (slug: string, page = 1) => `/categories/${encodeURIComponent(slug)}${page > 1 ? `/page/${page}` : ''}`;
export const tagPath = (slug: string, page = 1) => `/tags/${encodeURIComponent(slug)}${page > 1 ? `/page/${page}` : ''}`;
export const hashtagPath = (hashtag: string, page = 1) => `/hashtags/${encodeURIComponent(hashtag)}${page > 1 ? `/page/${page}` : ''}`;
export const feedPath = (page = 1) => (page > 1 ? `/page/${page}` : '/');

/** A page number from a route segment: a positive integer without sign or leading zeros, else null. */
export const pageNumber = (segment: string) => (/^[1-9]\d{0,5}$/.test(segment) ? Number(segment) : null);

/** A route segment as text; Next hands some segments over still percent-encoded. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
