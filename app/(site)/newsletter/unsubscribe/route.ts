import { otherMethods } from '@/lib/edge/api/respond';
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
//   posts from nowhere). A 303 to the page that says what happened; twice is harmless; a bad link changes nothing.
// - GET (the mail's visible link) answers a small page with that one button, and changes nothing: link scanners and
//   previews open links too. It is plain HTML from this handler, whole in the first answer, so it works without
//   JavaScript (a page streaming its query-dependent part behind <Suspense> needs a script to show it).

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

export async function POST(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  // `w`: a reply notice's link, which stops that thread's replies (lib/newsletter/replies.tsx).
  // `d`: the owner's comments digest's link, which turns it off (lib/comments/digest.tsx).
  const outcome = params.has('d')
    ? (await digestOff(siteDigest(), params.get('d'))) === 'off'
      ? 'unsubscribed'
      : 'invalid'
    : params.has('w')
      ? (await stopReplies(siteReplies(), params.get('w'), params.get('t'))) === 'stopped'
        ? 'unsubscribed'
        : 'invalid'
      : await unsubscribe(siteNewsletter(), params.get('s'), params.get('t'));
  const postId = params.get('p');
  if (outcome === 'unsubscribed' && params.has('s') && postId && /^[A-Za-z0-9-]{1,64}$/.test(postId)) {
    await unsubscribedFrom(postId, params.get('s')!);
  }
  const state = outcome === 'unsubscribed' ? 'unsubscribed' : 'unsubscribe-invalid';
  return new Response(null, { status: 303, headers: { ...NO_STORE, Location: newsletterStatePath(state) } });
}

export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const w = params.get('w');
  const s = params.get('s');
  const t = params.get('t');
  // Only a link that holds is written into the page (a 32-hex id, a 22-character base64url token: nothing to escape).
  const d = params.get('d');
  const p = params.get('p');
  const body =
    d !== null && (await digestOffHolds(siteDigest(), d))
      ? `<p>Stop the daily digest of comments waiting for your approval.</p>
<form method="post" action="/newsletter/unsubscribe?${new URLSearchParams({ d })}">
<button type="submit">Unsubscribe</button>
</form>`
      : w !== null && stopRepliesLinkHolds(siteReplies().key, w, t)
        ? `<p>Stop e-mails about replies in this comment thread.</p>
<form method="post" action="/newsletter/unsubscribe?${new URLSearchParams({ w, t: t! })}">
<button type="submit">Unsubscribe</button>
</form>`
        : w === null && d === null && unsubscribeLinkHolds(siteNewsletter(), s, t)
          ? `<p>Stop new posts of ${SITE_NAME} coming to this address by e-mail.</p>
<form method="post" action="/newsletter/unsubscribe?${new URLSearchParams({ s: s!, t: t!, ...(p && /^[A-Za-z0-9-]{1,64}$/.test(p) && { p }) })}">
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
