import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { pollResultsPath, sitePolls } from '@/lib/polls';
import { findPostPoll, noSuchPoll } from '@/lib/polls/reads';

// POST (the poll's results page, a plain form): as the owner, `intent` close (the poll takes no more votes) or open
// (it takes them again) for the poll `pollId` of the post `postId`; a 303 back to the results page. Anyone else gets
// 401, a cross-site post 403, an unknown post or poll the catalogue's 404, another intent its 400: nothing changes.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  const postId = (form.get('postId') ?? '').slice(0, 129);
  const pollId = (form.get('pollId') ?? '').slice(0, 129);
  const intent = form.get('intent');
  if (intent !== 'close' && intent !== 'open') throw errors.badValue('intent is close or open');
  const found = await findPostPoll(postId, pollId);
  if (!found) throw noSuchPoll(postId, pollId);
  const { post, poll } = found;
  await sitePolls().setClosed(post.id, poll.id, intent === 'close');
  return new Response(null, {
    status: 303,
    headers: { Location: pollResultsPath(post.id, poll.id), 'Cache-Control': 'no-store' },
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
