import { ownerForm } from '@/lib/edge/api/owner-form';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { recheckCollections } from '@/lib/data';

// POST (the dashboard's "Check again", under "What is off"): the site asks its platform again which of its
// collections exist, and renders again what asked (lib/data/reads.ts). As the owner only (401 otherwise, 403
// cross-site, nothing changes); a 303 back to the dashboard.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  await ownerForm(request);
  recheckCollections();
  return new Response(null, {
    status: 303,
    headers: { Location: '/dashboard?checked=setup', 'Cache-Control': 'no-store' },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
