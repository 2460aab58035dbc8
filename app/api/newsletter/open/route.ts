import { otherMethods } from '@/lib/edge/api/respond';
import { newsletterOpen } from '@/lib/newsletter';

// GET /api/newsletter/open?d=<delivery>&s=<signature>: the one-pixel image of a newsletter mail whose send counts opens
// (the owner's setting; the mail's footer says so). A signature that holds counts the delivery's open (the first one
// recorded, later ones counted: nothing of the reader's); whatever the link, the answer is the same transparent GIF,
// never cached, so each open asks again and a client learns nothing from it.

/** A 1×1 transparent GIF. */
const GIF = Uint8Array.from(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));

export async function GET(request: Request): Promise<Response> {
  await newsletterOpen(new URL(request.url).searchParams).catch((error: unknown) =>
    console.error(JSON.stringify({ msg: 'newsletter: open not counted', error: String(error) })),
  );
  return new Response(GIF, {
    headers: {
      'Content-Type': 'image/gif',
      'Cache-Control': 'no-store, max-age=0',
      'Referrer-Policy': 'no-referrer',
      'Content-Length': String(GIF.length),
    },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
