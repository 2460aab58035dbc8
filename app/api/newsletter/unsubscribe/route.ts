import { otherMethods } from '@/lib/edge/api/respond';
import { newsletterStatePath, siteNewsletter, unsubscribe } from '@/lib/newsletter';

// POST /api/newsletter/unsubscribe?s=<subscriber>&t=<token>: the mail's List-Unsubscribe URL. A mail client's one-click
// POST (RFC 8058: body `List-Unsubscribe=One-Click`) and the unsubscribe page's button both land here; the token in
// the URL is the authority, so no cookie, origin or body is needed (a mail client posts from nowhere). Answers a 303
// to the page that says what happened. Unsubscribing twice is harmless; a bad link changes nothing.

export async function POST(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const outcome = await unsubscribe(siteNewsletter(), params.get('s'), params.get('t'));
  return new Response(null, {
    status: 303,
    headers: {
      Location: newsletterStatePath(outcome === 'unsubscribed' ? 'unsubscribed' : 'unsubscribe-invalid'),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
