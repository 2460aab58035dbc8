import { errors } from '@/lib/core/errors';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { topPosts } from '@/lib/edge/pages/top-posts';
import { SESSION_COOKIE, authErrors, ownerState, requestCookie } from '@/lib/owner';

// GET ?sort=VIEW_COUNT|LIKE_COUNT: the dashboard's "Most viewed" and "Most liked", live: `{ posts }` as the JSON API
// answers posts, in the order the panel shows (views: the platform's and the site's own together, which no named sort
// of the platform orders by). The owner's only (401 otherwise); never cached.

export const GET = jsonHandler(async (request: Request) => {
  if (ownerState(requestCookie(request, SESSION_COOKIE)).kind !== 'owner') throw authErrors.notOwner();
  const sort = new URL(request.url).searchParams.get('sort');
  if (sort !== 'VIEW_COUNT' && sort !== 'LIKE_COUNT') throw errors.badValue('sort must be VIEW_COUNT or LIKE_COUNT');
  return Response.json({ posts: await topPosts(sort) }, { headers: { 'Cache-Control': 'private, no-store' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
