import { errorResponse, otherMethods } from '@/lib/edge/api/respond';
import { readBodyText } from '@/lib/core/http/body';
import { errors } from '@/lib/core/errors';
import {
  newsletterStatePath,
  siteNewsletter,
  unsubscribe,
  unsubscribeLinkHolds,
  unsubscribedFrom,
} from '@/lib/newsletter';
import { SITE_NAME } from '@/lib/core/site';
import { digestOff, digestOffHolds, siteDigest, siteReplies, stopReplies, stopRepliesLinkHolds } from '@/lib/comments';

// /newsletter/unsubscribe?s=<subscriber>&t=<token>: the mail's unsubscribe URL, both ways RFC 8058 asks (and
// ?w=<watch>&t=<token>, a reply notice's, which stops that thread's replies; ?d=<token>, the owner's comments
// digest's, which turns it off).
// - POST unsubscribes: a mail client's one click from the List-Unsubscribe header (body `List-Unsubscribe=One-Click`),
//   or the button below. The token in the URL is the authority, so no cookie, origin or body is needed (a mail client
//   posts from nowhere). The one click answers 200 with a short plain text (a link that does not hold: the
//   catalogue's 404), never a redirect; the button a 303 to the page that says what happened. Twice is harmless; a
//   bad link changes nothing.
// - GET (the mail's visible link) answers a small page with that one button, and changes nothing: link scanners and
//   previews open links too. It is plain HTML from this handler, whole in the first answer, so it works without
//   JavaScript (a page streaming its query-dependent part behind <Suspense> needs a script to show it).

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

/** A post id as an unsubscribe link carries it (`p`: the mail it came from, for that post's report). */
const POST_ID = /^[A-Za-z0-9-]{1,64}$/;

/** One kind of mail this URL stops: which link names it, whether the link holds, the page's words, the one click. */
interface LinkKind {
  names(params: URLSearchParams): boolean;
  holds(params: URLSearchParams): Promise<boolean>;
  /** What the page's button stops. */
  stops: string;
  /** The parameters the button posts back (only those of a link that holds: nothing to escape in them). */
  posts(params: URLSearchParams): Record<string, string>;
  /** The one click: true when it stopped the mail (or it was stopped already), false when the link does not hold. */
  stop(params: URLSearchParams): Promise<boolean>;
}

const KINDS: LinkKind[] = [
  // `d`: the owner's comments digest (lib/comments/digest.tsx), turned off.
  {
    names: (q) => q.has('d'),
    holds: (q) => digestOffHolds(siteDigest(), q.get('d')),
    stops: 'the daily digest of comments waiting for your approval',
    posts: (q) => ({ d: q.get('d')! }),
    stop: async (q) => (await digestOff(siteDigest(), q.get('d'))) === 'off',
  },
  // `w`: a reply notice (lib/comments/replies.tsx), which stops that thread's replies.
  {
    names: (q) => q.has('w'),
    holds: async (q) => stopRepliesLinkHolds(siteReplies().key, q.get('w'), q.get('t')),
    stops: 'e-mails about replies in this comment thread',
    posts: (q) => ({ w: q.get('w')!, t: q.get('t')! }),
    stop: async (q) => (await stopReplies(siteReplies(), q.get('w'), q.get('t'))) === 'stopped',
  },
  // `s`: a new post's mail, which unsubscribes the address (counted in the post's report when `p` names it).
  {
    names: () => true,
    holds: async (q) => unsubscribeLinkHolds(siteNewsletter(), q.get('s'), q.get('t')),
    stops: `new posts of ${SITE_NAME} coming to this address by e-mail`,
    posts: (q) => {
      const p = q.get('p');
      return { s: q.get('s')!, t: q.get('t')!, ...(p && POST_ID.test(p) && { p }) };
    },
    async stop(q) {
      if ((await unsubscribe(siteNewsletter(), q.get('s'), q.get('t'))) !== 'unsubscribed') return false;
      const postId = q.get('p');
      if (postId && POST_ID.test(postId)) await unsubscribedFrom(postId, q.get('s')!);
      return true;
    },
  },
];

const kindOf = (params: URLSearchParams) => KINDS.find((kind) => kind.names(params))!;

/** What a one-click POST may carry: RFC 8058's one pair, urlencoded or as multipart/form-data. */
const MAX_BODY = 4096;

/**
 * Whether the POST is RFC 8058's one click (its body `List-Unsubscribe=One-Click`), made by a mail provider, rather
 * than the page's button (a browser's form post, with no field).
 */
async function isOneClick(request: Request): Promise<boolean> {
  const type = request.headers.get('content-type') ?? '';
  const body = await readBodyText(request, MAX_BODY, () => errors.payloadTooLarge('request body is larger than 4 KiB'));
  if (!body) return false;
  if (/^multipart\/form-data/i.test(type)) {
    const form = await new Response(body, { headers: { 'content-type': type } }).formData().catch(() => null);
    return form?.get('List-Unsubscribe') === 'One-Click';
  }
  return new URLSearchParams(body.trim()).get('List-Unsubscribe') === 'One-Click';
}

export async function POST(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  let oneClick: boolean;
  try {
    oneClick = await isOneClick(request);
  } catch (error) {
    return errorResponse(error);
  }
  const stopped = await kindOf(params).stop(params);
  // A mail provider's one click wants a 2xx, not a redirect to a page no one will see.
  if (oneClick) {
    if (!stopped) return errorResponse(errors.notFound('this unsubscribe link does not hold'));
    return new Response('Unsubscribed.\n', { headers: { ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const state = stopped ? 'unsubscribed' : 'unsubscribe-invalid';
  return new Response(null, { status: 303, headers: { ...NO_STORE, Location: newsletterStatePath(state) } });
}

export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const kind = kindOf(params);
  const body = (await kind.holds(params))
    ? `<p>Stop ${kind.stops}.</p>
<form method="post" action="/newsletter/unsubscribe?${new URLSearchParams(kind.posts(params))}">
<button type="submit">Unsubscribe</button>
</form>`
    : `<p role="status">This unsubscribe link does not work: open it again from the mail, whole.</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Unsubscribe · ${SITE_NAME}</title></head>
<body>
<main>
<h1>Unsubscribe</h1>
${body}
<p><a href="/">Back to ${SITE_NAME}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, { headers: { ...NO_STORE, 'Content-Type': 'text/html; charset=utf-8' } });
}

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
