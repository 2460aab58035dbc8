import { CatalogueError, errors } from '@/lib/core/errors';
import { isFormPost, readBodyText } from '@/lib/core/http/body';
import { processSingleton } from '@/lib/core/process-singleton';
import { clientKey, consume, createLimiter, secondsLeft } from '@/lib/core/security/limits';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { VISITOR_COOKIE, VISITOR_TTL_SECONDS, newVisitorCookie, visitorOfCookie } from '@/lib/core/security/visitor-id';
import { postPath } from '@/lib/core/site';
import { memberOfRequest } from '@/lib/edge/api/member-forms';
import { errorResponse, jsonHandler, otherMethods, tooManyRequests } from '@/lib/edge/api/respond';
import { MEMBER_PAGES, memberPagePath } from '@/lib/members';
import { SESSION_COOKIE, authErrors, httpOnlyCookie, isSecureRequest, ownerState, requestCookie } from '@/lib/owner';
import { pollClosed, pollResultsPath, readPoll, sitePolls } from '@/lib/polls';
import { findPostPoll, noSuchPoll } from '@/lib/polls/reads';

// POST a vote in a post's poll (issue 31): `option` (one, or several where the poll takes several), from the poll's
// plain form (a 303 to the poll's results page, which shows what the reader may see) or JSON `{ options: [...] }`.
// A members-only poll takes a member's vote; a visitor's form goes to sign in and back to the post, their JSON is
// 401. Where anyone may vote, a visitor votes as the visitor of the signed HttpOnly cookie made on their first vote or
// rating (lib/core/security/visitor-id.ts, shared with the ratings), and each client address has VISITOR_VOTES a day
// per poll, so dropping the cookie cannot stuff the poll. Voting again replaces the reader's vote. A poll the owner
// closed takes none: its form goes to the results page (which says so), JSON is 403 WDE0027. An unknown post or poll
// is the catalogue's 404, an option not of the poll its 400, a cross-site post 403: nothing is written.
//
// GET: the poll as this reader may see it (their vote, whether it is closed, the counts where its view role lets them),
// private: the poll's island on the post's page shows it in place after a vote.

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

async function pollOfParams({ params }: Context) {
  const { postId, pollId } = await params;
  const found = await findPostPoll(postId, pollId);
  if (!found) throw noSuchPoll(postId, pollId);
  return found;
}

export const GET = jsonHandler<Context>(async (request, context) => {
  const { post, poll } = await pollOfParams(context);
  const member = await memberOfRequest(request);
  const reading = await readPoll(sitePolls(), post.id, poll, {
    voterId: member ? `m-${member.member.id}` : visitorOfCookie(requestCookie(request, VISITOR_COOKIE)),
    owner: ownerState(requestCookie(request, SESSION_COOKIE)).kind === 'owner',
  });
  return Response.json(reading, { headers: { 'Cache-Control': 'private, no-store' } });
});

export const POST = jsonHandler<Context>(async (request, context) => {
  if (isCrossSite(request)) throw authErrors.crossSite();
  const form = isFormPost(request);
  const limited = await consume(limiter(), clientKey(request.headers));
  if (!limited.ok) return tooManyRequests('too many votes from this client', secondsLeft(limited.res));
  const { post, poll } = await pollOfParams(context);
  const polls = sitePolls();
  if (await polls.isClosed(post.id, poll.id)) {
    if (!form) throw pollClosed();
    const location = pollResultsPath(post.id, poll.id);
    return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  }
  const body = await readBodyText(request, MAX_BODY, () => errors.payloadTooLarge(`larger than ${MAX_BODY} bytes`));
  const chosen = form ? new URLSearchParams(body).getAll('option') : optionsOfJson(body);

  const cookies: string[] = [];
  const signedIn = await memberOfRequest(request);
  let voterId = signedIn ? `m-${signedIn.member.id}` : null;
  if (!voterId) {
    if (poll.vote === 'SITE_MEMBERS') {
      const back = `${postPath(post.slug, post.language)}#poll-${poll.id}`;
      if (form) {
        const location = `${memberPagePath(MEMBER_PAGES.signin, 'signin-to-vote')}&next=${encodeURIComponent(back)}`;
        return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
      }
      return errorResponse(new CatalogueError(401, 'WDE9401', 'sign in to vote: this poll takes members’ votes'));
    }
    voterId = visitorOfCookie(requestCookie(request, VISITOR_COOKIE));
    // A visitor's vote that would count takes a point of their address's budget on this poll.
    const budget = await consume(visitorLimiter(), `${clientKey(request.headers)}|${post.id}|${poll.id}`);
    if (!budget.ok)
      return tooManyRequests('too many visitors’ votes from this address on this poll', secondsLeft(budget.res));
    if (!voterId) {
      const made = newVisitorCookie();
      voterId = made.id;
      cookies.push(
        // Path /: the poll's results page reads it too (a voter sees results a VOTERS poll shows voters).
        httpOnlyCookie(VISITOR_COOKIE, made.value, isSecureRequest(request), VISITOR_TTL_SECONDS),
      );
    }
  }
  await polls.vote(post.id, poll, voterId, chosen);
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  if (form) {
    headers.set('Location', pollResultsPath(post.id, poll.id));
    return new Response(null, { status: 303, headers });
  }
  return Response.json({ mine: await polls.mine(post.id, poll, voterId) }, { headers });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
