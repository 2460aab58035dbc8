import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { normaliseEmail, ownerPause, ownerSendChoice, ownerTestMail, ownerTrackOpens } from '@/lib/newsletter';

// POST (the dashboard's newsletter buttons), as the owner only (401 otherwise, 403 cross-site, nothing changes), then a
// 303 back to the page it came from with the outcome in `?mail=`:
//   intent=hold, postId     holds a post's mail back (a draft's too: its first publication then mails nothing)
//   intent=send, postId     lets a held one go
//   intent=pause | resume   pauses every send (workers stop between pages) or resumes them
//   intent=opens-on | opens-off  the mail of sends started from now on counts opens (a pixel, its footer says so)
//   intent=test, postId, to mails a test of the post (or its draft) to one address

const POST_ID = /^[A-Za-z0-9-]{1,64}$/;
const BACK = /^\/dashboard\/(?:subscribers|drafts(?:\/[A-Za-z0-9-]{1,64})?)$/;

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  const intent = form.get('intent');
  const postId = form.get('postId') ?? '';
  let outcome: string;
  if (intent === 'pause' || intent === 'resume') {
    outcome = await ownerPause(intent === 'pause');
  } else if (intent === 'opens-on' || intent === 'opens-off') {
    outcome = await ownerTrackOpens(intent === 'opens-on');
  } else if ((intent === 'hold' || intent === 'send') && POST_ID.test(postId)) {
    outcome = await ownerSendChoice(postId, intent);
  } else if (intent === 'test' && POST_ID.test(postId)) {
    const to = normaliseEmail(form.get('to'));
    outcome = (await ownerTestMail(postId, to)) === 'sent' ? 'test-sent' : 'unknown-post';
  } else {
    return errorResponse(
      errors.badValue(
        'the form has intent (hold, send, test with a postId; pause, resume; opens-on, opens-off) and, for a test, to',
      ),
    );
  }
  const back = form.get('back') ?? '';
  return new Response(null, {
    status: 303,
    headers: {
      Location: `${BACK.test(back) ? back : '/dashboard/subscribers'}?mail=${outcome}`,
      'Cache-Control': 'no-store',
    },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
