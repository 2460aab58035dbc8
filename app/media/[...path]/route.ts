import { mediaType } from '@/lib/blog/view';
import { openMedia } from '@/lib/blog/reads';
import { parseRange } from '@/lib/core/http/range';
import { etagOf, ifRangeHolds, isNotModified } from '@/lib/core/http/validators';

// Serves the media the source keeps (the local source's media folder): plain file names only, streamed, with ranges.

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
  const type = mediaType(segments.at(-1) ?? '');
  if (!type) return notFound();
  const file = await openMedia(`/media/${segments.join('/')}`);
  if (!file) return notFound();

  const { size } = file;
  const etag = etagOf(file.stamp);
  const lastModified = new Date(file.mtimeMs).toUTCString();
  const headers = new Headers({ ...BASE_HEADERS, ETag: etag, 'Last-Modified': lastModified, 'Accept-Ranges': 'bytes' });
  const answer = async (status: number) => {
    await file.close();
    return new Response(null, { status, headers });
  };

  if (isNotModified(request.headers, etag, file.mtimeMs)) return answer(304);
  // Range is defined for GET only (RFC 9110 §14.2); HEAD describes the whole file.
  const range =
    withBody && ifRangeHolds(request.headers.get('if-range'), etag, lastModified)
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
  return new Response(file.stream(start, end), { status, headers });
}
