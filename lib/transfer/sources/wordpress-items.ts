import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RicosNode } from '@/lib/core/ricos/types';
import { isRicosNode } from '@/lib/core/ricos/markdown';
import { localFileOf } from '@/lib/blog/tools';
import type { SourceBody, SourceComment, SourceMedia, SourcePost, Warning } from '../types';
import { plainText } from './wordpress-html';
import type { Attachment } from './wordpress-shortcodes';
import { field, list, postMeta, wpDate, type XmlNode } from './wordpress-xml';

// What an item carries besides its post: its comments (`wp:comment`), its Ricos and the site's own fields
// (`_wix_ricos`, `_wix_cover`, …: this site's own export), and, for an attachment, the media file.

/** Comment states WordPress keeps out of sight: never imported. */
const HIDDEN = new Set(['spam', 'trash', 'post-trashed']);

/** A post's comments: approved and pending ones, threads kept; spam, trash, pingbacks and trackbacks counted out. */
export function readComments(
  item: XmlNode,
  postId: string,
  postDate: string | undefined,
  warn: (w: Warning) => void,
): SourceComment[] {
  const all = list(item['wp:comment']).map((c) => ({
    node: c,
    id: field(c, 'wp:comment_id'),
    parent: field(c, 'wp:comment_parent'),
    type: field(c, 'wp:comment_type'),
    approved: field(c, 'wp:comment_approved'),
  }));
  const parents = new Map(all.map((c) => [c.id, c.parent]));
  const skipped = new Set<string>();
  const counts = { hidden: 0, pingback: 0, trackback: 0 };
  for (const c of all) {
    if (c.type === 'pingback' || c.type === 'trackback') counts[c.type]++;
    else if (HIDDEN.has(c.approved)) counts.hidden++;
    else continue;
    skipped.add(c.id);
  }
  const n = (count: number, what: string) => `${count} ${what}${count > 1 ? 's' : ''}`;
  if (counts.hidden) warn({ item: postId, message: `${n(counts.hidden, 'spam or trashed comment')} not imported` });
  const pings = [
    counts.pingback && n(counts.pingback, 'pingback'),
    counts.trackback && n(counts.trackback, 'trackback'),
  ];
  if (counts.pingback || counts.trackback)
    warn({ item: postId, message: `${pings.filter(Boolean).join(' and ')} not imported` });
  const comments: SourceComment[] = [];
  for (const c of all) {
    if (!c.id || skipped.has(c.id)) continue;
    // A reply to a comment left out answers the nearest one kept above it.
    let parent = c.parent;
    const seen = new Set<string>();
    while (parent && parent !== '0' && skipped.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      parent = parents.get(parent) ?? '';
    }
    const url = field(c.node, 'wp:comment_author_url');
    const email = field(c.node, 'wp:comment_author_email');
    comments.push({
      sourceId: c.id,
      postId,
      ...(parent && parent !== '0' && parents.has(parent) ? { parentId: parent } : {}),
      authorName: plainText(field(c.node, 'wp:comment_author')) || 'Anonymous',
      ...(email ? { authorEmail: email } : {}),
      ...(url && url !== 'http://' && url !== 'https://' ? { authorUrl: url } : {}),
      html: field(c.node, 'wp:comment_content'),
      date: wpDate(field(c.node, 'wp:comment_date_gmt'), field(c.node, 'wp:comment_date')) ?? postDate ?? '',
      approved: c.approved === '1',
    });
  }
  return comments;
}

/** Where a media file of the export may lie in the folder given with it: by its uploads path, or by its name. */
function candidates(url: string, attachedFile: string): string[] {
  let pathname = '';
  try {
    pathname = decodeURIComponent(new URL(url, 'http://old.invalid').pathname);
  } catch {
    pathname = url;
  }
  const relative = pathname.replace(/^\/+/, '');
  const uploads = /(?:^|\/)wp-content\/uploads\/(.+)$/.exec(relative)?.[1];
  const attached = attachedFile.replace(/^\/+/, '');
  return [
    relative,
    ...(uploads ? [uploads] : []),
    ...(attached ? [`wp-content/uploads/${attached}`, attached] : []),
    path.posix.basename(relative),
  ].filter(Boolean);
}

function findFile(mediaDir: string, url: string, attachedFile: string): string | undefined {
  const root = path.resolve(mediaDir);
  for (const candidate of candidates(url, attachedFile)) {
    const file = path.resolve(root, candidate);
    // Only inside the folder: `..` in an address finds nothing.
    if (file !== root && !file.startsWith(root + path.sep)) continue;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

/** An attachment: its address, its file when the folder given with the export holds it, its alt text and caption. */
export function readMedia(item: XmlNode, mediaDir: string | undefined): SourceMedia | undefined {
  const url = field(item, 'wp:attachment_url') || field(item, 'guid');
  if (!url) return undefined;
  const meta = postMeta(item);
  let fileName = '';
  try {
    fileName = decodeURIComponent(path.posix.basename(new URL(url, 'http://old.invalid').pathname));
  } catch {
    fileName = path.posix.basename(url);
  }
  const file = mediaDir ? findFile(mediaDir, url, meta.get('_wp_attached_file')?.[0] ?? '') : undefined;
  const alt = meta.get('_wp_attachment_image_alt')?.[0]?.trim();
  const caption = field(item, 'excerpt:encoded');
  return {
    url,
    ...(file ? { read: async () => new Uint8Array(await readFile(file)) } : {}),
    fileName: fileName || field(item, 'wp:post_name') || 'file',
    ...(alt ? { alt } : {}),
    ...(caption ? { caption } : {}),
  };
}

/** A title or description an SEO plugin kept for the post, when it is text (not a template: `%%title%% %%sep%%`). */
export function seoField(meta: Map<string, string[]>, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = meta.get(key)?.[0]?.trim();
    if (value && !/%%?[a-z_]+%%?/i.test(value)) return plainText(value);
  }
  return undefined;
}

export const SEO_TITLE = ['_yoast_wpseo_title', 'rank_math_title', '_aioseo_title', '_aioseop_title'];
export const SEO_DESCRIPTION = [
  '_yoast_wpseo_metadesc',
  'rank_math_description',
  '_aioseo_description',
  '_aioseop_description',
];

/**
 * The post's Ricos as this site's export keeps it in the `_wix_ricos` meta (its rich content, `{ nodes, metadata }`),
 * every content-folder file it names (`{ src: { id: "x.png" } }`, `/media/x.png`) that the export carries as an
 * attachment named by its address there (`attached`: `_wp_attached_file` → address), for the media step to copy and
 * rewrite; undefined without the meta, or, said so, when it is not Ricos (the HTML body is read instead).
 */
export function ricosBody(
  meta: Map<string, string[]>,
  attached: Map<string, string>,
  item: string,
  warn: (w: Warning) => void,
): Extract<SourceBody, { format: 'ricos' }> | undefined {
  const raw = meta.get('_wix_ricos')?.[0];
  if (raw === undefined) return undefined;
  let nodes: unknown;
  try {
    nodes = (JSON.parse(raw) as { nodes?: unknown } | null)?.nodes;
  } catch (error) {
    warn({ item, message: `_wix_ricos is not JSON (${(error as Error).message}): its HTML read instead` });
    return undefined;
  }
  if (!Array.isArray(nodes) || !nodes.every(isRicosNode)) {
    warn({ item, message: '_wix_ricos holds no Ricos nodes: its HTML read instead' });
    return undefined;
  }
  const visit = (value: unknown, key: string, parent: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => visit(v, key, parent));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, k, key)]));
    const named =
      typeof value === 'string' &&
      key !== 'text' &&
      (value.startsWith('/media/') || (key === 'id' && parent === 'src'));
    const file = named ? localFileOf(value) : undefined;
    return (file && attached.get(file)) ?? value;
  };
  return { format: 'ricos', nodes: visit(nodes, '', '') as RicosNode[] };
}

const isoDate = (value: string | undefined) =>
  value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined;
const pixels = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/**
 * What this site's export keeps of a post besides its Ricos: the publication dates of a draft that went out before
 * (`_wix_first_published`, `_wix_last_published`), and its cover's alt text and size (`_wix_cover`, JSON; else the
 * featured image's own alt text, `cover`, as any WordPress export has it). Each only when the export says it.
 */
export function keptFields(
  meta: Map<string, string[]>,
  cover: SourceMedia | undefined,
): Pick<SourcePost, 'firstPublishedDate' | 'lastPublishedDate' | 'coverAlt' | 'coverWidth' | 'coverHeight'> {
  const first = isoDate(meta.get('_wix_first_published')?.[0]?.trim());
  const last = isoDate(meta.get('_wix_last_published')?.[0]?.trim());
  let kept: { alt?: unknown; width?: unknown; height?: unknown } = {};
  try {
    kept = (JSON.parse(meta.get('_wix_cover')?.[0] ?? '{}') as typeof kept | null) ?? {};
  } catch {
    // Not JSON: the featured image's own alt text, no size.
  }
  const alt = typeof kept.alt === 'string' ? kept.alt : cover?.alt;
  const [width, height] = [pixels(kept.width), pixels(kept.height)];
  return {
    ...(first ? { firstPublishedDate: first } : {}),
    ...(last ? { lastPublishedDate: last } : {}),
    ...(cover && alt ? { coverAlt: alt } : {}),
    ...(cover && width && height ? { coverWidth: width, coverHeight: height } : {}),
  };
}

/** An attachment as a `[gallery]` shows it: its file, alt text and caption (its excerpt), the post it is attached to
 * and its place among that post's. */
export function attachment(item: XmlNode, media: SourceMedia): Attachment {
  const parentId = field(item, 'wp:post_parent');
  const order = Number.parseInt(field(item, 'wp:menu_order'), 10);
  const mimeType = field(item, 'wp:post_mime_type');
  return {
    id: field(item, 'wp:post_id'),
    url: media.url,
    ...(parentId && parentId !== '0' ? { parentId } : {}),
    ...(media.alt ? { alt: media.alt } : {}),
    ...(media.caption ? { caption: media.caption } : {}),
    ...(Number.isFinite(order) ? { order } : {}),
    ...(mimeType ? { mimeType } : {}),
  };
}
