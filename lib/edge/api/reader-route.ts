import { isFormPost } from '@/lib/core/http/body';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { VISITOR_COOKIE, VISITOR_TTL_SECONDS } from '@/lib/core/security/visitor-id';
import { LIKER_HINT_COOKIE } from '@/lib/core/site';
import { LIKER_COOKIE, LIKER_COOKIE_TTL_SECONDS } from '@/lib/likes';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, type MemberNotice, memberPagePath } from '@/lib/members';
import { authErrors, httpOnlyCookie, isSecureRequest, readableCookie, requestCookie } from '@/lib/owner';
import { PRIVATE, jsonHandler, seeOther } from './respond';

// The routes of a post's readers (its comments, likes, rating and polls: app/api/posts/[postId]/*) share one shape: the
// caller is a member by their session, else a visitor by the feature's cookie; a post is a plain form (the page without
// JavaScript: a 303 to a page, Post/Redirect/Get) or JSON (an island); every answer is the reader's own, private and
// never stored; a cross-site post is refused, and any error is the catalogue's answer (respond.ts). The rules are the
// features' services, called with what is read here; what a body holds is reader-input.ts's and comments.ts's.

/** The cookie a feature knows a visitor by (HttpOnly) and its life; the readable hint beside it, if any. */
export interface VisitorCookie {
  name: string;
  ttlSeconds: number;
  /** A readable cookie (`1`, no secret) telling the page's island that this browser has the visitor cookie. */
  hint?: string;
}

/**
 * The visitor cookie ratings and polls share (lib/core/security/visitor-id.ts), on every path: the same visitor is the
 * same voter, and a poll's results page reads it too.
 */
export const SITE_VISITOR: VisitorCookie = { name: VISITOR_COOKIE, ttlSeconds: VISITOR_TTL_SECONDS };
/** The likes' own visitor cookie, and the hint the like button reads. */
export const LIKER_VISITOR: VisitorCookie = {
  name: LIKER_COOKIE,
  ttlSeconds: LIKER_COOKIE_TTL_SECONDS,
  hint: LIKER_HINT_COOKIE,
};

/** Who calls, as the services take it: a member's session token, the visitor cookie's value (either may be absent). */
export interface Reader {
  session: string | undefined;
  visitor: string | undefined;
}

/** A reader's post: who, the client's address key (what its writes count against), and whether it is a plain form. */
export interface ReaderPost extends Reader {
  client: string;
  request: Request;
  form: boolean;
}

/** What a reader's post came to. */
export interface ReaderAnswer {
  /** The page a form goes to. */
  to: string;
  /** JSON's answer, made only when JSON asked. */
  json: () => unknown;
  /** JSON's status (200 unless told). */
  status?: number;
  /** A visitor the service made, kept in the feature's cookie. */
  newVisitor?: string | null;
}

/**
 * What `write` answers: a ReaderAnswer; or, for a refusal its service marks, the page a form goes to instead (a 303,
 * private) or an answer of its own.
 */
type Written = ReaderAnswer | string | Response;

/** A route's context: its path's params. */
type Context = { params: Promise<object> };
type Params<C extends Context> = Awaited<C['params']>;

const readerOf = (request: Request, visitor: VisitorCookie | null): Reader => ({
  session: requestCookie(request, MEMBER_SESSION_COOKIE),
  visitor: visitor ? requestCookie(request, visitor.name) : undefined,
});

/** The sign-in page saying why (`notice`), coming back to `back` (the post's form) once signed in. */
export const signInAndBack = (notice: MemberNotice, back: string) =>
  `${memberPagePath(MEMBER_PAGES.signin, notice)}&next=${encodeURIComponent(back)}`;

/** A reader's GET: what `read` answers for this reader (a feature without visitors: `visitor` null), as JSON. */
export const readerGet = <C extends Context>(
  visitor: VisitorCookie | null,
  read: (reader: Reader, params: Params<C>, request: Request) => Promise<unknown>,
) =>
  jsonHandler<C>(async (request, { params }) =>
    Response.json(await read(readerOf(request, visitor), (await params) as Params<C>, request), { headers: PRIVATE }),
  );

/**
 * A reader's POST (or DELETE): `write` calls the feature's service, and its answer (ReaderAnswer) goes back as a 303 to
 * a form and as JSON otherwise, with the cookie of a visitor the service made.
 */
export function readerPost<C extends Context>(
  visitor: VisitorCookie | null,
  write: (post: ReaderPost, params: Params<C>) => Promise<Written>,
) {
  return jsonHandler<C>(async (request, context) => {
    if (isCrossSite(request)) throw authErrors.crossSite();
    const client = clientKey(request.headers);
    const post: ReaderPost = { ...readerOf(request, visitor), client, request, form: isFormPost(request) };
    const answer = await write(post, (await context.params) as Params<C>);
    if (typeof answer === 'string') return seeOther(answer, [], PRIVATE);
    if (answer instanceof Response) return answer;
    const cookies = answer.newVisitor && visitor ? visitorCookies(visitor, answer.newVisitor, request) : [];
    if (post.form) return seeOther(answer.to, cookies, PRIVATE);
    const headers = new Headers(PRIVATE);
    for (const cookie of cookies) headers.append('Set-Cookie', cookie);
    return Response.json(await answer.json(), { status: answer.status, headers });
  });
}

/** A new visitor's cookie, and its hint where the feature has one. */
function visitorCookies(visitor: VisitorCookie, value: string, request: Request): string[] {
  const secure = isSecureRequest(request);
  const cookie = httpOnlyCookie(visitor.name, value, secure, visitor.ttlSeconds);
  return visitor.hint ? [cookie, readableCookie(visitor.hint, '1', secure, visitor.ttlSeconds)] : [cookie];
}
