// The site's name and its paths: plain constants and pure functions, safe in client components. Absolute URLs need
// the configured origin and live on the server (lib/edge/seo/site-urls.ts).

import { MAIN_LANGUAGE, inLanguage } from './i18n/languages';

export const SITE_NAME = 'The Render Path';
/** The main language (lib/core/i18n/languages.ts holds the others). */
export const SITE_LANGUAGE = MAIN_LANGUAGE;
export const FEED_PAGE_SIZE = 12;

/**
 * The RSS link of a page in `language`: its language's feed. Next replaces a layout's `alternates` with a page's, so
 * every page that sets alternates repeats this.
 */
export const rssAlternate = (language?: string | null, title: string = SITE_NAME) => ({
  'application/rss+xml': [{ url: inLanguage(language, '/feed.xml'), title }],
});

// Every path helper takes the language its page is in (a post's, a category's, the page's): the main language's pages
// have no prefix, the others are under theirs (lib/core/i18n/languages.ts).
type Lang = string | null | undefined;
const paged = (path: string, page: number) => `${path}${page > 1 ? `/page/${page}` : ''}`;

export const postPath = (slug: string, language?: Lang) => inLanguage(language, `/post/${encodeURIComponent(slug)}`);
export const categoryPath = (slug: string, page = 1, language?: Lang) =>
  inLanguage(language, paged(`/categories/${encodeURIComponent(slug)}`, page));
export const tagPath = (slug: string, page = 1, language?: Lang) =>
  inLanguage(language, paged(`/tags/${encodeURIComponent(slug)}`, page));
export const hashtagPath = (hashtag: string, page = 1, language?: Lang) =>
  inLanguage(language, paged(`/hashtags/${encodeURIComponent(hashtag)}`, page));
export const authorPath = (slug: string, page = 1, language?: Lang) =>
  inLanguage(language, paged(`/authors/${encodeURIComponent(slug)}`, page));
export const feedPath = (page = 1, language?: Lang) => inLanguage(language, page > 1 ? `/page/${page}` : '/');
export const searchPath = (language?: Lang) => inLanguage(language, '/search');
export const rssPath = (language?: Lang) => inLanguage(language, '/feed.xml');
export const sitemapPath = (language?: Lang) => inLanguage(language, '/sitemap.xml');

/** The owner's pages: the dashboard and everything under it, and the login page. */
export const isDashboardPath = (pathname: string) => pathname === '/dashboard' || pathname.startsWith('/dashboard/');
export const isOwnerPath = (pathname: string) => pathname === '/login' || isDashboardPath(pathname);

/**
 * The routes that only read and whose answer Next caches by path, whatever the method, and regenerates after an edit:
 * the feeds, the sitemaps (and their parts); each language's under its prefix. robots.txt and the icon are cached too,
 * but never go stale (no content in them, no tag), so no request runs them again: they stay off the proxy, which
 * would halve their throughput (bench: robots.txt 0.46 → 0.26 of the floor with it).
 */
export const isReadOnlyRoutePath = (pathname: string) =>
  /^(?:\/[^/]+)?\/(?:feed\.xml|sitemap\.xml|sitemaps\/[^/]+)$/.test(pathname);

/** A page number from a route segment: a positive integer without sign or leading zeros, else null. */
export const pageNumber = (segment: string) => (/^[1-9]\d{0,5}$/.test(segment) ? Number(segment) : null);

/** Percent-decoded text, or undefined when it is not valid percent-encoding (decodeURIComponent throws). */
export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A route segment as text; Next hands some segments over still percent-encoded. Undecodable: as it came. */
export const decodeSegment = (segment: string): string => safeDecode(segment) ?? segment;

/** Where the subscribe form posts (app/(site)/newsletter/subscribe). */
export const SUBSCRIBE_PATH = '/newsletter/subscribe';
/** The subscribe form's trap field: hidden from people, filled in by form-filling robots. */
export const SUBSCRIBE_TRAP_FIELD = 'website';

const LOCAL_BASE = 'http://local.invalid';
/** C0 and C1 control characters and DEL: tabs and newlines among them, which URL parsers drop silently. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A `next` parameter as one path of this site, or null. The candidate, without its control characters, must be an
 * absolute path (at most 1000 characters); it is resolved as a browser resolves a Location against this origin (dot
 * segments, `%2e`, backslashes as slashes), and the result must still be this origin with a path that starts with a
 * single `/`. So `/.//evil.example`, `/a/..//evil`, `/%2e//evil`, a tab inside `//` are refused: they resolve to
 * `//evil…`, which a browser would follow to another host. Read the answer's pathname, search and hash (the
 * resolved form, never the text as given). What may follow is each login's own rule.
 */
export function localPath(next: unknown): URL | null {
  if (typeof next !== 'string' || next.length > 1000) return null;
  const candidate = next.replace(CONTROL_CHARACTERS, '');
  if (!candidate.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(candidate, LOCAL_BASE);
  } catch {
    return null;
  }
  if (url.origin !== LOCAL_BASE || !url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
  return url;
}

/** Where a login returns to: `next` as one path of this site (`localPath`), with search and hash; else `fallback`. */
export function returnPath(next: unknown, fallback: string): string {
  const url = localPath(next);
  return url ? `${url.pathname}${url.search}${url.hash}` : fallback;
}

/**
 * A readable cookie that says only "this browser has a member session" (its value is `1`; the session itself is
 * HttpOnly): the public header's island (components/members/member-badge.tsx) asks who is signed in only when it is
 * there, so a prerendered page costs a visitor who never signed in no request. Set and cleared with the session.
 */
export const MEMBER_HINT_COOKIE = 'member_hint';
/** Whether `cookies` (a browser's `document.cookie`) hold the member hint: whether a member session is worth asking. */
export const hasMemberHint = (cookies: string): boolean =>
  cookies.split(/;\s*/).some((c) => c.startsWith(`${MEMBER_HINT_COOKIE}=`));
/** Who the member session names, as JSON (app/api/members/session). */
export const MEMBER_SESSION_API = '/api/members/session';

/** The reading list's form route: "Save for later" under each post, "Remove" on the account page. */
export const READING_LIST_API = '/api/members/reading-list';
/** The post page's fragment after a save: its notice shows by CSS `:target` (the page is the same for everyone). */
export const SAVED_FRAGMENT = 'saved-for-later';

/** A post's likes (app/api/posts/[postId]/likes): GET `{ total, liked }`, POST a like or an unlike (form or JSON). */
export const postLikesApi = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/likes`;
/** Where the post page's view beacon posts (app/api/posts/[postId]/view). */
export const postViewApi = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/view`;
/** A post page's read-through beacon (how far the reader read). */
export const postReadApi = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/read`;
/** The post page's like button's place: a form post comes back to it. */
export const LIKES_FRAGMENT = 'likes';
/**
 * A readable cookie (`1`, no secret) set with the visitor's HttpOnly liker cookie on their first like: the like
 * button's island asks for "you liked this" only when it (or MEMBER_HINT_COOKIE) is there, so other readers make no
 * request.
 */
export const LIKER_HINT_COOKIE = 'liker_hint';

/** A post's comments (app/api/posts/[postId]/comments): GET the reader's own and who they are, POST a comment. */
export const postCommentsApi = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/comments`;
/** One comment (app/api/comments/[commentId]): PATCH its text, DELETE it, as its writer. */
export const commentApi = (commentId: string) => `/api/comments/${encodeURIComponent(commentId)}`;
/** The post page's comments section. */
export const COMMENTS_FRAGMENT = 'comments';
/** A comment's place on its page. */
export const commentFragment = (commentId: string) => `comment-${commentId}`;
/**
 * Where a comment form's post comes back to when it did not publish a comment: a notice the page shows by CSS
 * `:target` (the page is the same for everyone, so nothing about the reader is in it).
 */
export const COMMENT_NOTICES = {
  awaiting: 'comment-awaiting',
  captcha: 'comment-captcha',
  limited: 'comment-limited',
  invalid: 'comment-invalid',
} as const;
/** Page `page` of a post's comments: the first is on the post's page, older ones on their own. */
export const postCommentsPath = (slug: string, page = 1, language?: Lang) =>
  page <= 1 ? `${postPath(slug, language)}#${COMMENTS_FRAGMENT}` : `${postPath(slug, language)}/comments/${page}`;
