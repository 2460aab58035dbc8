import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { ownerSendChoice } from '@/lib/newsletter';

// POST (the dashboard's buttons beside each post's mailing, and beside each draft): `intent=hold` holds a post's mail
// back (a draft's too, before it is published: its first publication then mails nothing), `intent=send` lets a held
// one go. As the owner only (401 otherwise, 403 cross-site, nothing changes); a 303 back to the page it came from.

const POST_ID = /^[A-Za-z0-9-]{1,64}$/;
const BACK = new Set(['/dashboard/subscribers', '/dashboard/drafts']);

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  const intent = form.get('intent');
  const postId = form.get('postId') ?? '';
  if ((intent !== 'hold' && intent !== 'send') || !POST_ID.test(postId)) {
    return errorResponse(errors.badValue('the form has intent (hold or send) and a postId'));
  }
  const outcome = await ownerSendChoice(postId, intent);
  const back = BACK.has(form.get('back') ?? '') ? form.get('back')! : '/dashboard/subscribers';
  return new Response(null, {
    status: 303,
    headers: { Location: `${back}?mail=${outcome}`, 'Cache-Control': 'no-store' },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
