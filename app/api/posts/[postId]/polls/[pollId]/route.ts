import { postPath } from '@/lib/core/site';
import { isOwner } from '@/lib/edge/api/caller';
import { voteChoices } from '@/lib/edge/api/reader-input';
import { SITE_VISITOR, readerGet, readerPost, signInAndBack } from '@/lib/edge/api/reader-route';
import { otherMethods, seeOther } from '@/lib/edge/api/respond';
import { pollRefusal, pollResultsPath, pollService } from '@/lib/polls';
import { findPostPoll, noSuchPoll } from '@/lib/polls/reads';

// A post's poll (issue 31; the rules: lib/polls/service.ts). POST a vote: `option` (one, or several where the poll
// takes several) from the poll's plain form (a 303 to the poll's results page), or JSON `{ options: [...] }` (the
// reader's vote back); a visitor's first vote sets the shared visitor cookie. A members-only poll sends a visitor's
// form to sign in and back to the post (JSON 401); a closed poll's form goes to the results page (JSON 403 WDE0027).
// Cross-site posts are refused. GET: the poll as this reader may see it, private (the poll's island shows it in place).

type Context = RouteContext<'/api/posts/[postId]/polls/[pollId]'>;
const found = async ({ postId, pollId }: Awaited<Context['params']>) =>
  (await findPostPoll(postId, pollId)) ?? Promise.reject(noSuchPoll(postId, pollId));

export const GET = readerGet<Context>(SITE_VISITOR, (reader, params, request) =>
  pollService.reader(() => found(params), { ...reader, owner: isOwner(request) }),
);

export const POST = readerPost<Context>(SITE_VISITOR, async ({ request, form, ...caller }, params) => {
  const chosen = () => voteChoices(request, form);
  try {
    const voted = await pollService.vote({ ...caller, found: () => found(params), chosen });
    const json = async () => ({ mine: await voted.mine() });
    return { to: pollResultsPath(voted.post.id, voted.poll.id), json, newVisitor: voted.newVisitor };
  } catch (error) {
    const refusal = form ? pollRefusal(error) : null;
    if (!refusal) throw error;
    const { post, poll } = await found(params);
    if (refusal === 'closed') return seeOther(pollResultsPath(post.id, poll.id));
    return seeOther(signInAndBack('signin-to-vote', `${postPath(post.slug, post.language)}#poll-${poll.id}`));
  }
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
