import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { RicosNode } from '@/lib/core/ricos/types';
import type { Tally } from './report';
import type { Bundle, SourceMedia } from './types';
import { httpError, type ImportClient, type WixCalls } from './wix-calls';

// An import's media on a Wix site: each file the export carries goes into the site's Media Manager through
// @wix/media's `files` module (@wix/auto_sdk_media_files build/cjs/index.typings.d.ts): an upload address for its
// type and name (generateFileUploadUrl, :2382, POST /site-media/v1/files/generate-upload-url; "The name that appears
// in the Media Manager is taken from the `fileName` parameter", :2388), then its bytes PUT there (Wix's Upload API,
// linked at :2370: the answer is the file's descriptor, `{ file: { id, url, … } }`). Its name there carries its
// bytes' hash (`photo-1a2b3c4d5e.jpg`), so a second run finds it (searchFiles, :2694, POST /site-media/v1/files/search,
// matched on the exact `displayName`) and uploads nothing twice. The posts' media sources are then rewritten to the
// file's Wix media id (`src: { id }`, with its size: Wix's IMAGE nodes need `width` and `height`); an address the
// export does not carry stays as it is and is listed (the import never fetches).

export interface WixFile {
  id: string;
  url: string;
  fileName: string;
  width?: number;
  height?: number;
  image: boolean;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
};

/** An address of a media file (not a video page's, an embed's): listed when the export does not carry it. */
const MEDIA_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg|mp4|mp3|pdf)(?:[?#]|$)/i;

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The name a file has in the Media Manager: the source's, made safe, with its bytes' hash before the extension. */
export function displayNameOf(item: SourceMedia, bytes: Uint8Array): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const safe =
    item.fileName
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[-.]+/, '')
      .slice(-100) || 'file';
  const extension = extensionOf(safe);
  const stem = extension ? safe.slice(0, -extension.length - 1) : safe;
  return `${stem}-${hash}${extension ? `.${extension}` : ''}`;
}

async function sizeOf(bytes: Uint8Array): Promise<{ width?: number; height?: number }> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  return meta?.width && meta.height ? { width: meta.width, height: meta.height } : {};
}

/** Uploads the files the bundle carries (those not there yet); answers each source address's Wix file. */
export async function uploadWixMedia(
  client: ImportClient,
  calls: WixCalls,
  bundle: Bundle,
  tally: Tally,
  warn: (item: string, message: string) => void,
  options: { dryRun: boolean; fetch: typeof fetch },
): Promise<Map<string, WixFile>> {
  const moved = new Map<string, WixFile>();
  for (const item of bundle.media) {
    if (!item.read || moved.has(item.url)) continue;
    const bytes = await item.read();
    const fileName = displayNameOf(item, bytes);
    const mimeType = TYPES[extensionOf(fileName)];
    if (!mimeType) {
      warn(item.url, `not uploaded to Wix: a file of a type the import does not know (${item.fileName})`);
      tally('media', 'skipped');
      continue;
    }
    const image = mimeType.startsWith('image/');
    const size = image && mimeType !== 'image/svg+xml' ? await sizeOf(bytes) : {};
    const found = await calls
      .read('searchFiles', () => client.files.searchFiles({ search: fileName, paging: { limit: 100 } }))
      .then((answer) => (answer.files ?? []).find((file) => file.displayName === fileName));
    if (found?._id && found.url) {
      tally('media', 'unchanged');
      moved.set(item.url, { id: found._id, url: found.url, fileName, image, ...size });
      continue;
    }
    tally('media', 'created');
    if (options.dryRun) {
      moved.set(item.url, { id: `dry-run:${fileName}`, url: `dry-run:${fileName}`, fileName, image, ...size });
      continue;
    }
    const { uploadUrl } = await calls.write('generateFileUploadUrl', () =>
      client.files.generateFileUploadUrl(mimeType, { fileName, sizeInBytes: String(bytes.length) }),
    );
    if (typeof uploadUrl !== 'string')
      throw new Error(`Wix answered generateFileUploadUrl for ${fileName} without an address`);
    const target = new URL(uploadUrl);
    target.searchParams.set('filename', fileName);
    const answer = await calls.write('the upload', async () => {
      const response = await options.fetch(target.href, {
        method: 'PUT',
        headers: { 'content-type': mimeType },
        body: new Uint8Array(bytes),
      });
      if (!response.ok) throw httpError('the upload', response);
      return (await response.json()) as { file?: { id?: unknown; url?: unknown } };
    });
    const { id, url } = answer.file ?? {};
    if (typeof id !== 'string' || typeof url !== 'string')
      throw new Error(`Wix answered the upload of ${fileName} without its file`);
    moved.set(item.url, { id, url, fileName, image, ...size });
  }
  return moved;
}

/** The file an address names: itself, or resolved against the old site's address (`/wp-content/…`). */
export function fileFor(moved: Map<string, WixFile>, address: string, baseUrl?: string): WixFile | undefined {
  const exact = moved.get(address);
  if (exact || !baseUrl) return exact;
  try {
    const absolute = new URL(address, baseUrl).href;
    for (const [url, file] of moved) if (new URL(url, baseUrl).href === absolute) return file;
  } catch {
    // Not an address.
  }
  return undefined;
}

/**
 * `nodes` with every media source (`src: { url }` or `{ id }`) of a file the import uploaded rewritten to the Wix
 * file (`{ id }` for an image, its static URL for another file) with the file's size; and
 * the http(s) sources left as they were (remote media the export did not carry).
 */
export function rewriteWixMedia(
  nodes: RicosNode[],
  moved: Map<string, WixFile>,
  baseUrl?: string,
): { nodes: RicosNode[]; remote: string[] } {
  const remote = new Set<string>();
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    let placed: WixFile | undefined;
    for (const [key, child] of Object.entries(value)) {
      const src = key === 'src' && child && typeof child === 'object' ? (child as Record<string, unknown>) : null;
      const address = src && (typeof src.url === 'string' ? src.url : typeof src.id === 'string' ? src.id : null);
      const file = address ? fileFor(moved, address, baseUrl) : undefined;
      if (file) {
        out[key] = file.image ? { id: file.id } : { url: file.url };
        placed = file;
      } else {
        if (address && /^https?:\/\//.test(address) && MEDIA_FILE.test(address)) remote.add(address);
        out[key] = visit(child);
      }
    }
    // The media object holding the source (`{ src, width, height }`): an image's size in pixels (V1Media, "Media width
    // in pixels"), the uploaded file's own rather than the source's <img width> (a page's display size).
    if (placed?.width && placed.height) Object.assign(out, { width: placed.width, height: placed.height });
    return out;
  };
  return { nodes: visit(nodes) as RicosNode[], remote: [...remote] };
}

/** A cover image as the SDK spells a Wix image (`wix:image://v1/<id>/<name>#originWidth=…&originHeight=…`). */
export const wixImage = (file: WixFile) =>
  `wix:image://v1/${file.id}/${encodeURIComponent(file.fileName)}#originWidth=${file.width ?? 0}&originHeight=${file.height ?? 0}`;

/** The Wix media id in the SDK's spelling of an image (a draft's cover), if it is one. */
export const wixImageId = (image: unknown) =>
  typeof image === 'string' ? (/^wix:image:\/\/v1\/([^/#]+)/.exec(image)?.[1] ?? undefined) : undefined;
