import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods, seeOther } from '@/lib/edge/api/respond';
import { isSocialAction, ownerFollowerAction, ownerSocialAction } from '@/lib/fediverse';

// POST (the dashboard's followers page, a form): remove a follower (`remove`, `value` its actor id), block one
// (`block-actor`) or a whole instance (`block-host`, `value` its host), or lift a block (`unblock-actor`,
// `unblock-host`), as the owner; a 303 back to the page, which says what was done. The Following page's: follow an
// account (`follow`, `value` its address or handle), stop (`unfollow`, its actor id), reply to its post (`reply`,
// `value` the post's id, `text`); a 303 back to that page, which says what was done or what could not be. Anyone
// else 401, a cross-site post 403: nothing changes. An unknown action or follower: 400.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  // A reply's text: up to 5,000 characters, each up to 4 bytes, encoded.
  const form = await ownerForm(request, 64 * 1024);
  const action = form.get('action') ?? '';
  if (isSocialAction(action)) {
    // The Following page's: an account that cannot be found or reached is said on the page, not as an error.
    const done = await ownerSocialAction(action, form.get('value') ?? '', form.get('text') ?? '');
    return seeOther(`/dashboard/following?${done ? `done=${done}` : `failed=${action}`}`);
  }
  const done = await ownerFollowerAction(action, form.get('value') ?? '');
  if (!done) return errorResponse(errors.badValue('no such follower, or no such action'));
  return seeOther(`/dashboard/followers?done=${done}`);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
