import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// The redirects table: old addresses (a blog's before it came here: `/2019/05/slug/`, `/?p=123`, `/p/slug`,
// `/tag/x/`) answered 301 with their new page. The importer writes it (lib/transfer), the owner may edit it
// by hand or with `npm run blog -- redirects`, and the proxy serves it (proxy.ts, on the old addresses' shapes only).
// It is one file of the content folder, `redirects.json`, read again when it changes: an import is served without
// a restart, on every instance that shares the folder.

export const REDIRECTS_FILE = 'redirects.json';

export const Redirect = z.object({
  /** The old address: a path, with at most one of the query keys old blogs address posts by (`/?p=123`). */
  from: z.string().startsWith('/'),
  /** The new address: a path of this site, or an absolute URL. */
  to: z.string().min(1),
  /** What made it (`wordpress:post:123`), so an import run again replaces its own and no one else's. */
  source: z.string().optional(),
});
export type Redirect = z.infer<typeof Redirect>;

export const RedirectsFile = z.object({ redirects: z.array(Redirect) });

/** The query keys an old address may carry (WordPress's plain permalinks: posts, pages, categories, tags, authors). */
export const QUERY_KEYS = ['p', 'page_id', 'cat', 'tag', 'author'] as const;

/**
 * The key an address is looked up by: its path without the trailing slash (`/2019/05/slug/` and `/2019/05/slug` are
 * one address), lower-cased, percent-decoded, with the one query key it carries when it carries one. Null for an
 * address that cannot be an old one (`//host`, undecodable).
 */
export function redirectKey(pathname: string, search = ''): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.startsWith('//')) return null;
  const trimmed = decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
  const query = new URLSearchParams(search);
  const key = QUERY_KEYS.find((name) => query.get(name));
  return `${trimmed.toLowerCase() || '/'}${key ? `?${key}=${query.get(key)}` : ''}`;
}

/** An old address as written in the table (`/2019/05/slug/`, `/?p=123`), keyed as requests are. */
export function keyOfFrom(from: string): string | null {
  const [pathname = '/', search = ''] = from.split('?', 2);
  return redirectKey(pathname, search);
}

/** The table's entries by key; a later entry for the same old address wins. */
export function redirectMap(redirects: Redirect[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { from, to } of redirects) {
    const key = keyOfFrom(from);
    if (key) map.set(key, to);
  }
  return map;
}

/** The table of a content folder (none: empty). A file that does not parse is an error: the owner's to fix. */
export function readRedirects(contentDir: string): Redirect[] {
  let text: string;
  try {
    text = readFileSync(path.join(/*turbopackIgnore: true*/ contentDir, REDIRECTS_FILE), 'utf8');
  } catch {
    return [];
  }
  return RedirectsFile.parse(JSON.parse(text)).redirects;
}

/** How long a read table is trusted before its file's modification time is looked at again. */
const RECHECK_MS = 2000;
const cache = new Map<string, { map: Map<string, string>; mtimeMs: number; checked: number }>();

/**
 * Where an old address now is, or null: the content folder's table, kept in memory and read again when its file
 * changed (looked at no more than every RECHECK_MS). A table that does not parse redirects nothing and says so once.
 */
export function redirectFor(contentDir: string, pathname: string, search = '', now = Date.now()): string | null {
  const key = redirectKey(pathname, search);
  if (!key) return null;
  let entry = cache.get(contentDir);
  if (!entry || now - entry.checked > RECHECK_MS) {
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(path.join(/*turbopackIgnore: true*/ contentDir, REDIRECTS_FILE)).mtimeMs;
    } catch {
      // No table.
    }
    if (!entry || entry.mtimeMs !== mtimeMs) {
      let map = new Map<string, string>();
      try {
        map = mtimeMs < 0 ? map : redirectMap(readRedirects(contentDir));
      } catch (error) {
        console.error(
          JSON.stringify({
            msg: 'redirects',
            error: `${REDIRECTS_FILE} is not a redirects table`,
            detail: String(error).slice(0, 200),
          }),
        );
      }
      entry = { map, mtimeMs, checked: now };
    } else entry.checked = now;
    cache.set(contentDir, entry);
  }
  return entry.map.get(key) ?? null;
}

/**
 * This site's own first path segments (its routes, its languages, Next's): a one-segment address that is none of these
 * may be an old blog's post (Ghost's `/slug/`). The proxy's matcher spells the same list (tests/proxy.test.ts checks it
 * against `app/`'s folders and the languages).
 */
export const OWN_SEGMENTS = [
  ...['en', 'es', 'api', 'dashboard', 'login', 'post', 'plans', 'media', 'site-icon', 'sitemaps'],
  ...['authors', 'categories', 'hashtags', 'newsletter', 'page', 'search', 'tags'],
  ...['account', 'awaiting-approval', 'forgot', 'join', 'polls', 'read', 'reset', 'signin', 'verify', '_next'],
  ...['ap', 'nodeinfo'],
];

const OLD_PREFIXES = ['p', 'tag', 'category', 'author', 'archives', 'index.php', 'blog', 'posts'];

/** Whether an address has an old blog's shape: the proxy's matcher runs on these, and the table is looked up. */
export function isOldAddressShape(pathname: string, search = ''): boolean {
  const segments = pathname.split('/').slice(1);
  const first = segments[0] ?? '';
  if (pathname === '/')
    return (
      new URLSearchParams(search).has('p') ||
      new URLSearchParams(search).has('page_id') ||
      new URLSearchParams(search).has('cat')
    );
  if (segments.length > 1 || pathname.endsWith('/'))
    return OLD_PREFIXES.includes(first) || /^\d{4}$/.test(first) || first.startsWith('@');
  return !first.includes('.') && !OWN_SEGMENTS.includes(first.toLowerCase()) && first !== '';
}
