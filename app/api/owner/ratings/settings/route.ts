import { errors } from '@/lib/core/errors';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { ratingSettingsStore } from '@/lib/ratings';

// POST (the dashboard's "Ratings" form, on the Comments page): whether visitors without an account may rate posts, or
// members only (a checkbox: left unticked, it is not sent). As the owner only (401 otherwise, 403 cross-site, nothing
// changes); every post's rating form is refreshed (its legend says who rates), and a 303 back to the comments page.

const CHECKED = 'on';

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  for (const [name, value] of form) {
    if (name !== 'visitorsMayRate' || value !== CHECKED) {
      return errorResponse(errors.badValue('the form has one box: visitorsMayRate (on)'));
    }
  }
  await ratingSettingsStore().set({ visitorsMayRate: form.get('visitorsMayRate') === CHECKED });
  return new Response(null, {
    status: 303,
    headers: { Location: '/dashboard/comments?saved=ratings', 'Cache-Control': 'no-store' },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
