import { errors } from '@/lib/core/errors';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { memberPicture } from '@/lib/members';

// GET a member's uploaded picture, `<id>.webp` (lib/members pictures.ts): public, as a picture shown beside its member
// is (the account page; at Wix, their member profile's photo). The id is random and a new upload gets a new one, so
// its bytes never change: an ETag of the id, kept an hour by caches (a removed picture is gone within the hour). Not a
// picture, or removed: the catalogue's 404.

type Context = { params: Promise<{ file: string }> };

const HEADERS = {
  'Content-Type': 'image/webp',
  'Cache-Control': 'public, max-age=3600',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
};

async function serve(request: Request, { params }: Context, withBody: boolean): Promise<Response> {
  const { file } = await params;
  const picture = await memberPicture(file);
  if (!picture) return errorResponse(errors.notFound('no such picture'));
  const etag = `"${file.replace(/\.webp$/, '')}"`;
  const headers = new Headers({ ...HEADERS, ETag: etag });
  const tags = request.headers.get('if-none-match')?.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
  if (tags.some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(picture.bytes.length));
  return new Response(withBody ? new Uint8Array(picture.bytes) : null, { status: 200, headers });
}

export const GET = jsonHandler<Context>((request, context) => serve(request, context, true));
export const HEAD = jsonHandler<Context>((request, context) => serve(request, context, false));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
