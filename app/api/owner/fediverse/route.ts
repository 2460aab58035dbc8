import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods, seeOther } from '@/lib/edge/api/respond';
import { ownerFollowerAction } from '@/lib/fediverse';

// POST (the dashboard's followers page, a form): remove a follower (`remove`, `value` its actor id), block one
// (`block-actor`) or a whole instance (`block-host`, `value` its host), or lift a block (`unblock-actor`,
// `unblock-host`), as the owner; a 303 back to the page, which says what was done. Anyone else 401, a cross-site post
// 403: nothing changes. An unknown action or follower: 400.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  const done = await ownerFollowerAction(form.get('action') ?? '', form.get('value') ?? '');
  if (!done) return errorResponse(errors.badValue('no such follower, or no such action'));
  return seeOther(`/dashboard/followers?done=${done}`);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
