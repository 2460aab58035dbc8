import { errorResponse, jsonHandler, otherMethods, tooManyRequests } from '@/lib/edge/api/respond';
import { readJsonBody } from '@/lib/edge/api/body';
import { authErrors } from '@/lib/owner';
import { clientKey, consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { httpOnlyCookie, isSecureRequest, readableCookie, requestCookie } from '@/lib/owner';
import { publishedPostById } from '@/lib/edge/pages/post';
import { errors } from '@/lib/core/errors';
import { readBodyText, isFormPost } from '@/lib/core/http/body';
import {
  LIKER_COOKIE,
  LIKER_COOKIE_TTL_SECONDS,
  type Liker,
  VISITOR_LIKE_LIMIT,
  siteLikes,
  visitorLikeKey,
} from '@/lib/likes';
import { memberOfRequest } from '@/lib/edge/api/member-forms';
import { processSingleton } from '@/lib/core/process-singleton';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { LIKER_HINT_COOKIE, LIKES_FRAGMENT, postPath } from '@/lib/core/site';

// A post's likes. GET answers `{ total, liked }` for this browser (private, never cached). POST likes (or, with
// `intent=unlike`, unlikes) and DELETE unlikes: a form post (the button without JavaScript) gets a 303 back to the
// post's like button, JSON (the island) the new `{ total, liked }`. The liker is the signed-in member, else the
// visitor of the HttpOnly liker cookie, made on their first like. Cross-site posts are refused, each client has 30
// likes and unlikes a minute, and an unknown post is the catalogue's 404. A visitor's like that would count (a new
// cookie, or one that does not like the post yet) also takes a point of its client address's budget on that post
// (lib/likes/limits.ts: 3 a day; an IPv6 client's /64), so dropping the cookie cannot move the count further; past it
// the answer is the catalogue's 429 and nothing is counted. A member likes as their account, once, and has no such
// budget.

const WRITES_PER_MINUTE = 30;
const limiter = () =>
  processSingleton('likes-limits', () =>
    createLimiter({ keyPrefix: 'likes:client', points: WRITES_PER_MINUTE, durationSeconds: 60 }),
  );
const visitorLimiter = () => processSingleton('likes-limits:visitor-post', () => createLimiter(VISITOR_LIKE_LIMIT));

const PRIVATE = { 'Cache-Control': 'private, no-store' };

type Context = RouteContext<'/api/posts/[postId]/likes'>;

/** The member of the session cookie, else the visitor of the liker cookie (null: neither, or a cookie not ours). */
async function likerOf(request: Request): Promise<Liker | null> {
  const signedIn = await memberOfRequest(request);
  if (signedIn) return { kind: 'member', memberId: signedIn.member.id, sessionToken: signedIn.session };
  const visitor = requestCookie(request, LIKER_COOKIE);
  return visitor && siteLikes().isVisitor(visitor) ? { kind: 'visitor', visitor } : null;
}

/** What the post asks: `like` (the default) or `unlike`, from the form's `intent` or the JSON body's. */
async function intentOf(request: Request, form: boolean): Promise<'like' | 'unlike'> {
  if (request.method === 'DELETE') return 'unlike';
  const tooLarge = () => errors.payloadTooLarge('request body is larger than 1 KiB');
  const fields = form
    ? Object.fromEntries(new URLSearchParams(await readBodyText(request, 1024, tooLarge)))
    : await readJsonBody(request, 1024);
  const intent = fields.intent ?? 'like';
  if (intent !== 'like' && intent !== 'unlike') throw errors.notAChoice('intent must be "like" or "unlike"');
  return intent;
}

export const GET = jsonHandler<Context>(async (request, { params }) => {
  const { postId } = await params;
  await publishedPostById(postId);
  const state = await siteLikes().state(postId, await likerOf(request));
  return Response.json(state, { headers: PRIVATE });
});

async function write(request: Request, { params }: Context): Promise<Response> {
  const form = isFormPost(request);
  if (isCrossSite(request)) return errorResponse(authErrors.crossSite());
  const client = clientKey(request.headers);
  const allowed = await consume(limiter(), client);
  if (!allowed.ok) return tooManyRequests('too many likes', secondsLeft(allowed.res));
  const { postId } = await params;
  const intent = await intentOf(request, form);
  const post = await publishedPostById(postId);
  const likes = siteLikes();
  const cookies: string[] = [];
  let liker = await likerOf(request);
  if (!liker && intent === 'unlike') {
    // Nobody this browser is has liked anything: nothing to remove, and no cookie to set.
    const state = await likes.state(postId, null);
    return form
      ? backToPost(postPath(post.slug, post.language), new Headers(PRIVATE))
      : Response.json(state, { headers: PRIVATE });
  }
  if (intent === 'like' && liker?.kind !== 'member') {
    // A visitor's like that would count takes a point of this address's budget on the post; one that likes the post
    // already changes nothing and takes none.
    const counts = !liker || !(await likes.state(postId, liker)).liked;
    const taken = counts ? await consume(visitorLimiter(), visitorLikeKey(client, post.id)) : null;
    if (taken && !taken.ok)
      return tooManyRequests('too many likes of this post from this address', secondsLeft(taken.res));
  }
  if (!liker) {
    // A first like: this browser becomes a visitor of its own (an unlike without one has nothing to remove).
    const visitor = await likes.newVisitor();
    liker = { kind: 'visitor', visitor };
    const secure = isSecureRequest(request);
    cookies.push(
      httpOnlyCookie(LIKER_COOKIE, visitor, secure, LIKER_COOKIE_TTL_SECONDS),
      readableCookie(LIKER_HINT_COOKIE, '1', secure, LIKER_COOKIE_TTL_SECONDS),
    );
  }
  const state = intent === 'like' ? await likes.like(postId, liker) : await likes.unlike(postId, liker);
  const headers = new Headers(PRIVATE);
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return form ? backToPost(postPath(post.slug, post.language), headers) : Response.json(state, { headers });
}

/** A form post's answer: 303 back to the post's like button (Post/Redirect/Get). */
function backToPost(path: string, headers: Headers): Response {
  headers.set('Location', `${path}#${LIKES_FRAGMENT}`);
  return new Response(null, { status: 303, headers });
}

export const POST = jsonHandler<Context>(write);
export const DELETE = jsonHandler<Context>(write);

export const { PUT, PATCH, OPTIONS } = otherMethods(['GET', 'POST', 'DELETE']);
