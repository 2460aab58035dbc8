import { CatalogueError, errors } from '@/lib/core/errors';
import { isFormPost, readBodyText } from '@/lib/core/http/body';
import { processSingleton } from '@/lib/core/process-singleton';
import { clientKey, consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { postPath } from '@/lib/core/site';
import { getPost } from '@/lib/blog/reads';
import { memberOfRequest } from '@/lib/edge/api/member-forms';
import { errorResponse, jsonHandler, otherMethods, tooManyRequests } from '@/lib/edge/api/respond';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members';
import { authErrors, httpOnlyCookie, isSecureRequest, requestCookie } from '@/lib/owner';
import {
  POLL_VOTER_COOKIE,
  POLL_VOTER_TTL_SECONDS,
  newVoterCookie,
  pollResultsPath,
  pollsOf,
  sitePolls,
  voterOfCookie,
} from '@/lib/polls';

// POST a vote in a post's poll (issue 31): `option` (one, or several where the poll takes several), from the poll's
// plain form (a 303 to the poll's results page, which shows what the reader may see) or JSON `{ options: [...] }`.
// A members-only poll takes a member's vote; a visitor's form goes to sign in and back to the post, their JSON is
// 401. Where anyone may vote, a visitor votes as the voter of a signed HttpOnly cookie made on their first vote, and
// each client address has VISITOR_VOTES a day per poll, so dropping the cookie cannot stuff the poll. Voting again
// replaces the reader's vote. An unknown post or poll is the catalogue's 404, an option not of the poll its 400,
// a cross-site post 403: nothing is written.

const PER_MINUTE = 30;
const VISITOR_VOTES = 3;
const MAX_BODY = 2048;
const limiter = () =>
  processSingleton('polls-limits', () =>
    createLimiter({ keyPrefix: 'polls:client', points: PER_MINUTE, durationSeconds: 60 }),
  );
const visitorLimiter = () =>
  processSingleton('polls-limits:visitor', () =>
    createLimiter({ keyPrefix: 'polls:visitor', points: VISITOR_VOTES, durationSeconds: 24 * 60 * 60 }),
  );

type Context = RouteContext<'/api/posts/[postId]/polls/[pollId]'>;

function optionsOfJson(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body || '{}');
  } catch {
    throw errors.badValue('the body must be JSON: { "options": ["<option id>"] }');
  }
  const options = (parsed as { options?: unknown } | null)?.options;
  if (!Array.isArray(options) || !options.every((o) => typeof o === 'string')) {
    throw errors.badValue('options must be a list of option ids');
  }
  return options as string[];
}

export const POST = jsonHandler<Context>(async (request, { params }) => {
  if (isCrossSite(request)) throw authErrors.crossSite();
  const form = isFormPost(request);
  const limited = await consume(limiter(), clientKey(request.headers));
  if (!limited.ok) return tooManyRequests('too many votes from this client', secondsLeft(limited.res));
  const { postId, pollId } = await params;
  const post = /^[\w-]{1,128}$/.test(postId) ? await getPost(postId, { fieldsets: ['RICH_CONTENT'] }) : null;
  const poll = post ? pollsOf(post.richContent).find((p) => p.id === pollId) : undefined;
  if (!post || !poll) throw errors.notFound(`no poll "${pollId.slice(0, 64)}" in post "${postId.slice(0, 64)}"`);
  const body = await readBodyText(request, MAX_BODY, () => errors.payloadTooLarge(`larger than ${MAX_BODY} bytes`));
  const chosen = form ? new URLSearchParams(body).getAll('option') : optionsOfJson(body);

  const cookies: string[] = [];
  const signedIn = await memberOfRequest(request);
  let voterId = signedIn ? `m-${signedIn.member.id}` : null;
  if (!voterId) {
    if (poll.vote === 'SITE_MEMBERS') {
      const back = `${postPath(post.slug)}#poll-${poll.id}`;
      if (form) {
        const location = `${memberPagePath(MEMBER_PAGES.signin, 'signin-to-vote')}&next=${encodeURIComponent(back)}`;
        return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
      }
      return errorResponse(new CatalogueError(401, 'WDE9401', 'sign in to vote: this poll takes members’ votes'));
    }
    voterId = voterOfCookie(requestCookie(request, POLL_VOTER_COOKIE));
    // A visitor's vote that would count takes a point of their address's budget on this poll.
    const budget = await consume(visitorLimiter(), `${clientKey(request.headers)}|${postId}|${poll.id}`);
    if (!budget.ok)
      return tooManyRequests('too many visitors’ votes from this address on this poll', secondsLeft(budget.res));
    if (!voterId) {
      const made = newVoterCookie();
      voterId = made.id;
      cookies.push(
        // Path /: the poll's results page reads it too (a voter sees results a VOTERS poll shows voters).
        httpOnlyCookie(POLL_VOTER_COOKIE, made.value, isSecureRequest(request), POLL_VOTER_TTL_SECONDS),
      );
    }
  }
  const polls = sitePolls();
  await polls.vote(post.id, poll, voterId, chosen);
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  if (form) {
    headers.set('Location', pollResultsPath(post.id, poll.id));
    return new Response(null, { status: 303, headers });
  }
  return Response.json({ mine: await polls.mine(post.id, poll, voterId) }, { headers });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
