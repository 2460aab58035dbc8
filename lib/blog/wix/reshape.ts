import { errors } from '@/lib/core/errors';
import { Category, Draft, type Image, type PageUrl, Post, PostCountStat, PostMetrics, Tag, type Video } from '../types';
import { isRecord } from '@/lib/core/json';
import { WIX_IMAGE_CDN } from '../view';
import { withRichContent } from '../compressed';
import { decodeSegment } from '@/lib/core/site';

// The SDK rewrites the REST shapes: `id` -> `_id` (not inside rich content), dates -> Date, images ->
// `wix:image://` strings, videos -> `wix:video://` strings, `{ base, path }` urls -> one string, bytes ->
// Uint8Array. This undoes that, then validates with the domain schemas.

const RENAMED: Record<string, string> = { _id: 'id', _createdDate: 'createdDate', _updatedDate: 'updatedDate' };

type Json = Record<string, unknown>;

/** Dates to ISO strings, bytes to base64; with `rename`, the SDK's system keys back to REST names. */
function restore(value: unknown, rename: boolean): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map((v) => restore(v, rename));
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const name = rename ? (RENAMED[key] ?? key) : key;
    out[name] = key === 'richContent' ? restore(v, false) : restore(v, rename);
  }
  return out;
}

const decode = (text: string | undefined) => (text ? decodeSegment(text) : undefined);

const dimension = (text: string | null) => {
  const n = Number(text);
  return text !== null && Number.isInteger(n) && n >= 0 ? n : undefined;
};

const WIX_MEDIA = /^(?:wix:)?(image|video):\/\/v1\/([^/#]+)(?:\/([^#]*))?(?:#(.*))?$/;

/** An image as the SDK hands it (a `wix:image://` string, a plain URL, or a REST object) to our shape. */
export function toImage(value: unknown): Image | undefined {
  if (isRecord(value)) {
    if (typeof value.id !== 'string' || !value.id) return undefined;
    return { ...value, url: typeof value.url === 'string' ? value.url : WIX_IMAGE_CDN + value.id } as Image;
  }
  if (typeof value !== 'string' || !value) return undefined;
  const match = WIX_MEDIA.exec(value);
  if (match?.[1] === 'image') {
    const id = match[2]!;
    const params = new URLSearchParams(match[4] ?? '');
    const filename = decode(match[3]) ?? null;
    return {
      id,
      url: WIX_IMAGE_CDN + id,
      width: dimension(params.get('originWidth')),
      height: dimension(params.get('originHeight')),
      filename,
      altText: null,
    };
  }
  if (!/^https?:\/\//i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const id = url.hostname === 'static.wixstatic.com' ? decode(url.pathname.split('/')[2]) : undefined;
  return { id: id ?? value, url: value, filename: null, altText: null };
}

/** A `wix:video://v1/<id>/<filename>#posterUri=..&posterWidth=..&posterHeight=..` string to our shape. */
export function toVideo(value: unknown): Video | undefined {
  if (isRecord(value)) return typeof value.id === 'string' ? (value as Video) : undefined;
  if (typeof value !== 'string' || !value) return undefined;
  const match = WIX_MEDIA.exec(value);
  if (match?.[1] !== 'video') return /^https?:\/\//i.test(value) ? { id: value, url: value } : undefined;
  const params = new URLSearchParams(match[4] ?? '');
  const poster = params.get('posterUri');
  const width = dimension(params.get('posterWidth'));
  const height = dimension(params.get('posterHeight'));
  const thumbnail = poster
    ? { id: poster, url: WIX_IMAGE_CDN + poster, width, height, filename: null, altText: null }
    : undefined;
  return { id: match[2]!, thumbnail, width, height };
}

/** The SDK joins `{ base, path }` into one URL; split it at the origin (the joined URL is the same). */
export function toPageUrl(value: unknown): PageUrl | undefined {
  if (isRecord(value)) return value as PageUrl;
  if (typeof value !== 'string' || !value) return undefined;
  try {
    const url = new URL(value);
    return { base: url.origin, path: `${url.pathname}${url.search}${url.hash}` };
  } catch {
    return undefined;
  }
}

function withUrls(item: Json): Json {
  const out: Json = { ...item, url: toPageUrl(item.url) };
  if (Array.isArray(item.translations)) {
    out.translations = item.translations.map((t) => (isRecord(t) ? { ...t, url: toPageUrl(t.url) } : t));
  }
  return out;
}

function postFields(post: Json): Json {
  const out = withUrls(post);
  out.heroImage = toImage(post.heroImage);
  if (isRecord(post.media)) {
    const wixMedia = isRecord(post.media.wixMedia)
      ? {
          ...post.media.wixMedia,
          image: toImage(post.media.wixMedia.image),
          videoV2: toVideo(post.media.wixMedia.videoV2),
        }
      : post.media.wixMedia;
    out.media = { ...post.media, wixMedia };
  }
  if (isRecord(post.coverMedia)) {
    out.coverMedia = {
      ...post.coverMedia,
      image: toImage(post.coverMedia.image),
      video: toVideo(post.coverMedia.video),
    };
  }
  return out;
}

const unparseable = (what: string) =>
  errors.upstreamUnparseable(`Wix answered ${what} with a body of an unexpected shape`);

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
  what: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw unparseable(what);
  return result.data;
}

function object(value: unknown, what: string): Json {
  if (!isRecord(value)) throw unparseable(what);
  return restore(value, true) as Json;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw unparseable(what);
  return value;
}

export const reshapePost = (sdk: unknown, what = 'a post'): Post =>
  withRichContent(parse(Post, postFields(object(sdk, what)), what));

/** A list keeps its good items: one malformed item from upstream is logged and left out, not a failed page. */
function reshapeEach<T>(sdk: unknown, what: string, reshape: (item: unknown, what: string) => T): T[] {
  return list(sdk ?? [], what).flatMap((item) => {
    try {
      return [reshape(item, what)];
    } catch (error) {
      console.warn(JSON.stringify({ msg: 'skipping a malformed item from Wix', what, error: String(error) }));
      return [];
    }
  });
}

export const reshapePosts = (sdk: unknown, what = 'a post list'): Post[] => reshapeEach(sdk, what, reshapePost);

/** A draft that was never published may have no slug yet; its id stands in, as the preview is by id. */
export const reshapeDraft = (sdk: unknown, what = 'a draft post'): Draft => {
  const draft = postFields(object(sdk, what));
  return parse(Draft, { ...draft, slug: typeof draft.slug === 'string' && draft.slug ? draft.slug : draft.id }, what);
};

export const reshapeDrafts = (sdk: unknown, what = 'a draft post list'): Draft[] =>
  reshapeEach(sdk, what, reshapeDraft);

export const reshapeCategory = (sdk: unknown, what = 'a category'): Category => {
  const category = withUrls(object(sdk, what));
  return parse(Category, { ...category, coverImage: toImage(category.coverImage) }, what);
};

export const reshapeCategories = (sdk: unknown, what = 'a category list'): Category[] =>
  reshapeEach(sdk, what, reshapeCategory);

export const reshapeTag = (sdk: unknown, what = 'a tag'): Tag => parse(Tag, withUrls(object(sdk, what)), what);

export const reshapeTags = (sdk: unknown, what = 'a tag list'): Tag[] => reshapeEach(sdk, what, reshapeTag);

export const reshapeMetrics = (sdk: unknown, what = 'post metrics'): PostMetrics =>
  parse(PostMetrics, object(sdk, what), what);

export const reshapeStats = (sdk: unknown, what = 'post count stats'): PostCountStat[] =>
  list(sdk ?? [], what).map((s) => parse(PostCountStat, object(s, what), what));

/** The container of a response (`{ post }`, `{ posts, metaData }`, ...): must be an object. */
export function envelope(sdk: unknown, what: string): Json {
  if (!isRecord(sdk)) throw unparseable(what);
  return sdk;
}
