import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { config } from '@/lib/blog/config';
import { parseRange } from '@/lib/http/range';
import { etagOf, ifRangeHolds, isNotModified } from '@/lib/http/validators';

// Serves the local source's media folder. Only plain file names under media/ are served, streamed, with ranges.

const TYPES: Record<string, string> = {
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

const BASE_HEADERS = {
  // no-transform: Next's gzip would drop Content-Length from a 206 of a text file (svg, txt, csv).
  'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800, no-transform',
  'X-Content-Type-Options': 'nosniff',
  // An SVG opened directly must not run script in our origin.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

type Context = RouteContext<'/media/[...path]'>;

export const GET = (request: Request, context: Context) => serve(request, context, true);
export const HEAD = (request: Request, context: Context) => serve(request, context, false);

const notFound = () => new Response('Not found', { status: 404 });

async function serve(request: Request, { params }: Context, withBody: boolean): Promise<Response> {
  const segments = (await params).path;
  if (segments.some((s) => !/^[\w.-]+$/.test(s) || s.startsWith('.'))) return notFound();
  const type = TYPES[path.extname(segments.at(-1) ?? '').toLowerCase()];
  if (!type) return notFound();
  const opened = await openInside(path.resolve(config().contentDir, 'media'), segments);
  if (!opened) return notFound();
  const { handle, stats } = opened;

  const size = Number(stats.size);
  const etag = etagOf(stats);
  const lastModified = new Date(Number(stats.mtimeMs)).toUTCString();
  const headers = new Headers({ ...BASE_HEADERS, ETag: etag, 'Last-Modified': lastModified, 'Accept-Ranges': 'bytes' });
  const answer = async (status: number) => {
    await handle.close().catch(() => {});
    return new Response(null, { status, headers });
  };

  if (isNotModified(request.headers, etag, Number(stats.mtimeMs))) return answer(304);
  // Range is defined for GET only (RFC 9110 §14.2); HEAD describes the whole file.
  const range = withBody && ifRangeHolds(request.headers.get('if-range'), etag, lastModified)
    ? parseRange(request.headers.get('range'), size)
    : null;
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    return answer(416);
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set('Content-Type', type);
  headers.set('Content-Length', String(end - start + 1));
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  const status = range ? 206 : 200;
  if (!withBody || size === 0) return answer(status);
  // The stream closes the handle when it ends, fails or the client goes away.
  const body = Readable.toWeb(handle.createReadStream({ start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}

/** Opens a regular file whose real path (symlinks resolved) lies inside the real media root; null otherwise. */
async function openInside(root: string, segments: string[]) {
  let handle: FileHandle | undefined;
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(path.join(root, ...segments))]);
    if (!real.startsWith(realRoot + path.sep)) return null;
    // O_NONBLOCK: opening a FIFO must not hang (no effect on regular files); O_NOFOLLOW: no symlink swapped in since.
    handle = await open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
    const stats = await handle.stat({ bigint: true });
    if (stats.isFile()) return { handle, stats };
  } catch {
    // Missing, unreadable, a loop of links: all plain 404s.
  }
  await handle?.close().catch(() => {});
  return null;
}
