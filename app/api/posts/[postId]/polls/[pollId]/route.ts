import { isFormPost } from '@/lib/core/http/body';
import { clientKey } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { VISITOR_COOKIE, VISITOR_TTL_SECONDS } from '@/lib/core/security/visitor-id';
import { postPath } from '@/lib/core/site';
import { voteChoices } from '@/lib/edge/api/reader-input';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberPagePath } from '@/lib/members';
import { SESSION_COOKIE, authErrors, httpOnlyCookie, isSecureRequest, ownerState, requestCookie } from '@/lib/owner';
import { type VoterCaller, pollRefusal, pollResultsPath, pollService } from '@/lib/polls';
import { findPostPoll, noSuchPoll } from '@/lib/polls/reads';

// A post's poll (issue 31; the rules: lib/polls/service.ts). POST a vote: `option` (one, or several where the poll
// takes several) from the poll's plain form (a 303 to the poll's results page), or JSON `{ options: [...] }` (the
// reader's vote back); a visitor's first vote sets the shared visitor cookie. A members-only poll sends a visitor's
// form to sign in and back to the post (JSON 401); a closed poll's form goes to the results page (JSON 403 WDE0027).
// Cross-site posts are refused. GET: the poll as this reader may see it, private (the poll's island shows it in place).

type Context = RouteContext<'/api/posts/[postId]/polls/[pollId]'>;
const callerOf = (request: Request): VoterCaller => ({
  session: requestCookie(request, MEMBER_SESSION_COOKIE),
  visitor: requestCookie(request, VISITOR_COOKIE),
});
const seeOther = (location: string, headers = new Headers({ 'Cache-Control': 'no-store' })) => {
  headers.set('Location', location);
  return new Response(null, { status: 303, headers });
};

const finder = (context: Context) => async () => {
  const { postId, pollId } = await context.params;
  return (await findPostPoll(postId, pollId)) ?? Promise.reject(noSuchPoll(postId, pollId));
};

export const GET = jsonHandler<Context>(async (request, context) => {
  const owner = ownerState(requestCookie(request, SESSION_COOKIE)).kind === 'owner';
  const reading = await pollService.reader(finder(context), { ...callerOf(request), owner });
  return Response.json(reading, { headers: { 'Cache-Control': 'private, no-store' } });
});

export const POST = jsonHandler<Context>(async (request, context) => {
  if (isCrossSite(request)) throw authErrors.crossSite();
  const form = isFormPost(request);
  const found = finder(context);
  const voted = await pollService
    .vote({ ...callerOf(request), client: clientKey(request.headers), found, chosen: () => voteChoices(request, form) })
    .catch(async (error: unknown) => {
      const refusal = form ? pollRefusal(error) : null;
      if (!refusal) throw error;
      const { post, poll } = await found();
      if (refusal === 'closed') return seeOther(pollResultsPath(post.id, poll.id));
      const back = `${postPath(post.slug, post.language)}#poll-${poll.id}`;
      return seeOther(`${memberPagePath(MEMBER_PAGES.signin, 'signin-to-vote')}&next=${encodeURIComponent(back)}`);
    });
  if (voted instanceof Response) return voted;
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  if (voted.newVisitor) {
    // Path /: the poll's results page reads it too (a voter sees results a VOTERS poll shows voters).
    const secure = isSecureRequest(request);
    headers.append('Set-Cookie', httpOnlyCookie(VISITOR_COOKIE, voted.newVisitor, secure, VISITOR_TTL_SECONDS));
  }
  if (form) return seeOther(pollResultsPath(voted.post.id, voted.poll.id), headers);
  return Response.json({ mine: await voted.mine() }, { headers });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
