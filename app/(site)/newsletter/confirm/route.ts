import { otherMethods } from '@/lib/edge/api/respond';
import { confirm, siteNewsletter } from '@/lib/newsletter';
import { newsletterStatePath } from '@/lib/newsletter';

// GET /newsletter/confirm?s=<subscriber>&t=<token>: the link in the confirmation mail. Confirming twice is harmless;
// a bad, altered or expired link says so (and offers the form again). Either way a 303 to a static page.

export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const outcome = await confirm(siteNewsletter(), params.get('s'), params.get('t'));
  const location = newsletterStatePath(outcome === 'confirmed' ? 'confirmed' : 'link-expired');
  // The link holds a token: no Referer to the next page's resources, no caching of the answer.
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
