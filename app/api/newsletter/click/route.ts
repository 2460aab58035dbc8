import { errors } from '@/lib/core/errors';
import { errorResponse, jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { newsletterClick } from '@/lib/newsletter';

// GET /api/newsletter/click?d=<delivery>&u=<address>&s=<signature>: a link in a newsletter mail
// (lib/newsletter/tracking.ts). When its signature holds for that delivery and that address, the click is recorded
// (the delivery, the address, when: nothing of the reader's) and the answer is a 303 to the address at once. Anything
// else (no signature, a forged one, another address, one that is not http(s)) is the catalogue's 400: nothing
// recorded, no Location. The URL carries a token: no cache keeps the answer, and the next page gets no Referer naming
// it. A HEAD (a mail scanner checking the link) answers the same and records nothing.

const HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

const refused = () =>
  errorResponse(
    errors.badValue('this link is not one a newsletter mail carried, or it was changed: open it again from the mail'),
  );

async function answer(request: Request, record: boolean): Promise<Response> {
  const to = await newsletterClick(new URL(request.url).searchParams, record);
  if (!to) return refused();
  return new Response(null, { status: 303, headers: { ...HEADERS, Location: to } });
}

export const GET = jsonHandler((request: Request) => answer(request, true));
export const HEAD = jsonHandler((request: Request) => answer(request, false));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
