import { ownerForm } from '@/lib/edge/api/owner-form';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { setDigest, siteDigest } from '@/lib/comments';
import { normaliseEmail } from '@/lib/newsletter';

// POST (the dashboard's "Daily digest" form): `intent=on` with `email` mails the owner a digest of the comments waiting
// for approval once a day (lib/comments/digest.tsx); `intent=off` stops it. As the owner only (401 otherwise, 403
// cross-site, nothing changes); a bad address is the catalogue's 400; a 303 back to the comments page.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const form = await ownerForm(request);
  const on = form.get('intent') !== 'off';
  await setDigest(siteDigest(), on ? normaliseEmail(form.get('email')) : null);
  return new Response(null, {
    status: 303,
    headers: { Location: `/dashboard/comments?saved=${on ? 'digest' : 'digest-off'}`, 'Cache-Control': 'no-store' },
  });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
