import { errors } from '@/lib/core/errors';
import { errorResponse, otherMethods } from '@/lib/edge/api/respond';
import { authErrors, ownerState, requestCookie, SESSION_COOKIE } from '@/lib/owner';
import { ownerPreview } from '@/lib/newsletter';

// GET /dashboard/newsletter-preview?postId=…: a post's (or its draft's) newsletter mail as subscribers will get it, for
// the owner only (401 for anyone else, and nothing of it). The mail is the post's own text, so it is shown sandboxed:
// no script runs, and it loads nothing but its images.

const POST_ID = /^[A-Za-z0-9-]{1,64}$/;

export async function GET(request: Request): Promise<Response> {
  if (ownerState(requestCookie(request, SESSION_COOKIE)).kind !== 'owner') return errorResponse(authErrors.notOwner());
  const postId = new URL(request.url).searchParams.get('postId') ?? '';
  if (!POST_ID.test(postId)) return errorResponse(errors.badValue('postId must name a post'));
  const html = await ownerPreview(postId);
  if (html === null) return errorResponse(errors.notFound(`post ${postId} does not exist`));
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "sandbox; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'",
      'X-Robots-Tag': 'noindex',
    },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
