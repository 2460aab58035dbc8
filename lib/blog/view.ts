import { safeDecode } from '@/lib/core/site';
import type { Image, Post } from './types';

// Pure helpers that turn the media references found in posts (Wix media ids, `wix:image://` URIs, local
// file names, absolute URLs) into URLs the browser can load.

export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const DEFAULT_SRC_WIDTH = 1280;
const MAX_WIDTH = 1920;
/** Where Wix serves its media by id. */
export const WIX_IMAGE_CDN = 'https://static.wixstatic.com/media/';

export interface WixImageRef {
  id: string;
  width?: number;
  height?: number;
}

export interface ResolvedImage {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

export interface Dimensions {
  width?: unknown;
  height?: unknown;
}

const SAFE_ID = /^(?!.*\.\.)[\w-][\w.~-]{0,299}$/;
// Legacy Wix uploads are `<6 hex>_<32+ hex>.<ext>` without the `~mv2` marker.
const LEGACY_WIX_ID = /^[0-9a-f]{6}_[0-9a-f]{32,}(?:~mv2)?\.[a-z0-9]{2,5}$/i;

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 && n < 100_000 ? Math.round(n) : undefined;
};

export const isWixMediaId = (value: string): boolean =>
  SAFE_ID.test(value) && (value.includes('~mv2') || LEGACY_WIX_ID.test(value));

/** `wix:image://v1/<id>/<name>#originWidth=..&originHeight=..`, a bare media id (`abc~mv2.jpg`), or `media/<id>`. */
export function parseWixImage(value: unknown): WixImageRef | null {
  if (typeof value !== 'string') return null;
  const input = value.trim();
  const uri = /^wix:image:\/\/v1\/([^/#?]+)(?:\/[^#?]*)?(?:#(.*))?$/i.exec(input);
  if (uri) {
    const id = safeDecode(uri[1] ?? '');
    if (!id || !SAFE_ID.test(id)) return null;
    const params = new URLSearchParams(uri[2] ?? '');
    return withDims({ id }, params.get('originWidth'), params.get('originHeight'));
  }
  const bare = input.replace(/^\/?media\//, '');
  return isWixMediaId(bare) ? { id: bare } : null;
}

const withDims = (ref: WixImageRef, width: unknown, height: unknown): WixImageRef => {
  const w = positiveInt(width);
  const h = positiveInt(height);
  return w && h ? { ...ref, width: w, height: h } : ref;
};

export const wixImageUrl = (id: string, width: number, height: number, quality = 80): string => {
  const safe = encodeURIComponent(id);
  return `${WIX_IMAGE_CDN}${safe}/v1/fill/w_${Math.round(width)},h_${Math.round(height)},al_c,q_${quality}/${safe}`;
};

/** Candidate widths for a srcset: the standard steps up to the original width, plus the original itself. */
export function srcSetWidths(originalWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= originalWidth);
  const last = widths[widths.length - 1];
  if (originalWidth < MAX_WIDTH && last !== originalWidth) widths.push(originalWidth);
  return widths;
}

export function wixSrcSet(ref: Required<WixImageRef>): string {
  return srcSetWidths(ref.width)
    .map((w) => `${wixImageUrl(ref.id, w, (w * ref.height) / ref.width)} ${w}w`)
    .join(', ');
}

/** A plain file name (no `~mv2`, no scheme) or a `/media/...` path: served by the site from its media folder. */
export function localMediaUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const input = value.trim();
  if (!input || input.length > 500 || input.includes('~mv2') || /[\\\s?#%]/.test(input)) return null;
  let path: string;
  if (input.startsWith('/media/')) path = input.slice('/media/'.length);
  else if (/^[\w.-]+$/.test(input) && !LEGACY_WIX_ID.test(input)) path = input;
  else return null;
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || !/^[\w.-]+$/.test(s))) return null;
  return `/media/${segments.map(encodeURIComponent).join('/')}`;
}

/** http(s) URLs only; everything else (javascript:, data:, relative paths) is not a loadable remote asset. */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const input = value.trim();
  if (input.length > 2048 || /[\u0000-\u001f\u007f\s]/.test(input)) return null;
  try {
    const url = new URL(input);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The media id inside a `https://static.wixstatic.com/media/<id>[/v1/...]` URL. */
const wixCdnId = (url: string): string | null => {
  const match = /^https:\/\/static\.wixstatic\.com\/media\/([^/?#]+)(?:\/v1\/[^?#]*)?$/.exec(url);
  const id = match?.[1] ? safeDecode(match[1]) : undefined;
  return id && SAFE_ID.test(id) ? id : null;
};

const sourceString = (source: unknown): string | undefined => {
  if (typeof source === 'string') return source;
  if (source && typeof source === 'object' && !Array.isArray(source)) {
    const { id, url, custom } = source as Record<string, unknown>;
    for (const candidate of [id, url, custom]) if (typeof candidate === 'string' && candidate.trim()) return candidate;
  }
  return undefined;
};

/**
 * Resolves an image source (a string, or a rich-content `{ id }` / `{ url }` source) and its original
 * dimensions to a `src`, a CDN `srcSet` when the image is on Wix, and the display width and height.
 */
export function resolveImage(source: unknown, dims: Dimensions = {}, displayWidth?: number): ResolvedImage | null {
  const value = sourceString(source);
  if (!value) return null;
  const remote = httpUrl(value);
  const cdnId = remote ? wixCdnId(remote) : null;
  // A CDN URL of unknown size keeps the transform it was given rather than falling back to the original file.
  const wix =
    cdnId && positiveInt(dims.width) && positiveInt(dims.height) ? { id: cdnId } : remote ? null : parseWixImage(value);
  if (wix) {
    const ref = withDims(wix, wix.width ?? dims.width, wix.height ?? dims.height);
    if (!ref.width || !ref.height) return { src: `${WIX_IMAGE_CDN}${encodeURIComponent(ref.id)}` };
    const full = { id: ref.id, width: ref.width, height: ref.height };
    const srcWidth = Math.min(full.width, DEFAULT_SRC_WIDTH);
    return {
      src: wixImageUrl(full.id, srcWidth, (srcWidth * full.height) / full.width),
      srcSet: wixSrcSet(full),
      ...displaySize(full.width, full.height, displayWidth),
    };
  }
  const src = remote ?? localMediaUrl(value);
  if (!src) return null;
  const w = positiveInt(dims.width);
  const h = positiveInt(dims.height);
  return w && h ? { src, ...displaySize(w, h, displayWidth) } : { src };
}

const displaySize = (width: number, height: number, displayWidth?: number) => {
  const w = Math.max(1, Math.round(Math.min(displayWidth ?? width, width, MAX_WIDTH)));
  return { width: w, height: Math.max(1, Math.round((w * height) / width)) };
};

const MEDIA_EXTENSIONS = /\.(mp4|webm|ogv|ogg|mov|m4v|mp3|m4a|wav|aac|oga|opus|flac)$/i;

/** A playable file URL for a video or audio source: http(s) URL, Wix video/audio id, or a local file. */
export function resolveMediaFile(source: unknown): string | null {
  const value = sourceString(source)?.trim();
  if (!value) return null;
  const remote = httpUrl(value);
  if (remote) return remote;
  if (/^video\/[\w./~-]+$/.test(value) && !value.includes('..')) return `https://video.wixstatic.com/${value}`;
  if (/^(mp3|ugd)\/[\w.~-]+$/.test(value)) return `https://static.wixstatic.com/${value}`;
  return localMediaUrl(value);
}

/** Whether a URL points at a file a `<video>` or `<audio>` element can play directly. */
export const isMediaFileUrl = (url: string): boolean => {
  try {
    return MEDIA_EXTENSIONS.test(new URL(url, 'http://local').pathname);
  } catch {
    return false;
  }
};

/** The post's hero image: its media, else its cover, else the legacy hero image. */
export const postImage = (post: Post): Image | undefined =>
  post.media?.wixMedia?.image ?? post.coverMedia?.image ?? post.heroImage ?? postVideo(post)?.poster;

/** A post whose cover is a video: what plays (a URL, null when only Wix's video id is known), its poster and size. */
export interface PostVideo {
  url: string | null;
  poster?: Image;
  width?: number;
  height?: number;
}

/**
 * The post's cover video, if its cover is one: `coverMedia.video`, else its media's (`wixMedia.videoV2`, or an
 * embedded video with its thumbnail). Only an http(s) address plays (a file, YouTube or Vimeo): a Wix video known by
 * its id alone shows its poster.
 */
export function postVideo(post: Post): PostVideo | null {
  const video = post.coverMedia?.video ?? post.media?.wixMedia?.videoV2;
  if (video) {
    const url = [video.url, video.id].find((u) => typeof u === 'string' && /^https?:\/\//i.test(u)) ?? null;
    return { url, poster: video.thumbnail, width: video.width, height: video.height };
  }
  const embed = post.media?.embedMedia;
  if (embed?.video?.url) {
    const thumb = embed.thumbnail?.url
      ? {
          id: embed.thumbnail.url,
          url: embed.thumbnail.url,
          width: embed.thumbnail.width,
          height: embed.thumbnail.height,
        }
      : undefined;
    return { url: embed.video.url, poster: thumb, width: embed.video.width, height: embed.video.height };
  }
  return null;
}

/** The media the site serves, by extension. */
const MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
  '.mov': 'video/quicktime',
  '.m4v': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.flac': 'audio/flac',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.zip': 'application/zip',
};

/**
 * The Content-Type of a media file by its name's extension (a URL's query and fragment ignored); undefined if not
 * served.
 */
export const mediaType = (name: string): string | undefined =>
  MEDIA_TYPES[/(\.\w+)(?:[?#].*)?$/.exec(name)?.[1]?.toLowerCase() ?? ''];

/** The class of the box standing where a paid post's rest would be (its JSON-LD `hasPart` names it). */
export const PAYWALL_CLASS = 'paywalled';
