import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from '@/lib/blog/config';

// Serves the local source's media folder. Only plain file names under media/ are served.

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

export async function GET(_request: Request, { params }: RouteContext<'/media/[...path]'>) {
  const segments = (await params).path;
  const notFound = () => new Response('Not found', { status: 404 });
  if (segments.some((s) => !/^[\w.-]+$/.test(s) || s.startsWith('.'))) return notFound();
  const type = TYPES[path.extname(segments.at(-1) ?? '').toLowerCase()];
  if (!type) return notFound();
  const root = path.resolve(config().contentDir, 'media');
  const file = path.resolve(root, ...segments);
  if (!file.startsWith(root + path.sep)) return notFound();
  const body = await readFile(file).catch(() => null);
  if (!body) return notFound();
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened directly must not run script in our origin.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
