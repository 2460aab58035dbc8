import { httpUrl, isWixMediaId, localMediaUrl, WIX_IMAGE_CDN } from './view';

// The media a post names, for the export and the fediverse's Article: a Ricos media source (`{ id }`, `{ url }`, or
// a string) as an address, the content folder's file it is (`media/<file>`, copied beside the posts), and every such
// file a post's content and fields name.

/** Where the site serves the content folder's media: `/media/<file>`, the export's `media/<file>` beside it. */
export const MEDIA_PATH = '/media/';

/** A source's string: itself, or an object's `id`, `url` or `custom` (as lib/blog/view.ts reads them). */
export function sourceString(source: unknown): string | undefined {
  if (typeof source === 'string') return source.trim() || undefined;
  if (source && typeof source === 'object' && !Array.isArray(source)) {
    const { id, url, custom } = source as Record<string, unknown>;
    for (const value of [id, url, custom]) if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/** The content folder's file a source names (`hero.png`, `uploads/x.png`), or undefined when it names none. */
export function localFileOf(source: unknown): string | undefined {
  const value = sourceString(source);
  const local = value && !httpUrl(value) ? localMediaUrl(value) : null;
  return local ? decodeURIComponent(local.slice(MEDIA_PATH.length)) : undefined;
}

/**
 * A source as an address another site can load: `/media/<file>` for the content folder's (relative to the site, and
 * to the export's folder, where media/ holds it), the Wix CDN's for a Wix media id, and anything else as written.
 */
export function mediaAddress(source: unknown): string | undefined {
  const value = sourceString(source);
  if (!value) return undefined;
  const local = localFileOf(value);
  if (local) return `${MEDIA_PATH}${local}`;
  const bare = value.replace(/^\/?media\//, '');
  if (!httpUrl(value) && isWixMediaId(bare)) return `${WIX_IMAGE_CDN}${encodeURIComponent(bare)}`;
  return value;
}

/**
 * The content folder's files a post names anywhere (its rich content, cover, SEO image): every `/media/...` string,
 * and every media source's `id` (`{ src: { id: "hero.png" } }`). Whether each is a file of the folder is the caller's
 * question (a plain word passes as a file name).
 */
export function mediaFilesOf(value: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (item: unknown, key: string, parentKey: string) => {
    if (typeof item === 'string') {
      const named = item.startsWith(MEDIA_PATH) || (key === 'id' && parentKey === 'src');
      const file = named ? localFileOf(item) : undefined;
      if (file) found.add(file);
    } else if (Array.isArray(item)) item.forEach((child) => visit(child, key, parentKey));
    else if (item && typeof item === 'object')
      for (const [childKey, child] of Object.entries(item)) visit(child, childKey, key);
  };
  visit(value, '', '');
  return found;
}
