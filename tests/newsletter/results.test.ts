import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import type { Mail } from '@/lib/core/mail';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';

// A send's results (issue 46, item 3): each delivery's mail links through the site's signed click redirect (never its
// unsubscribe link), which records the click and forwards only where that mail linked; where the owner counts opens,
// the mail carries a pixel and says so in its footer (in the post's language), and the first open of each delivery is
// recorded once; and the owner's results count each send's delivered, bounced, opened, clicked and unsubscribed
// readers. The mail goes to a mailer of the test's own, which keeps each message and refuses one address with a 550.

const SECRET = 'newsletter-results-test-secret-0123456789abcdef';
const SITE = 'https://blog.example';
const ARTICLE = 'https://example.org/article?a=1&b=2';
const OTHER = 'http://example.net/x';

/** A paragraph with two links (one with `&` in it), an address to write to, and a video (a link to the post). */
const richContent = {
  nodes: [
    {
      type: 'PARAGRAPH',
      nodes: [
        { type: 'TEXT', textData: { text: 'See ', decorations: [] } },
        {
          type: 'TEXT',
          textData: { text: 'the article', decorations: [{ type: 'LINK', linkData: { link: { url: ARTICLE } } }] },
        },
        { type: 'TEXT', textData: { text: ', ', decorations: [] } },
        {
          type: 'TEXT',
          textData: { text: 'another', decorations: [{ type: 'LINK', linkData: { link: { url: OTHER } } }] },
        },
        {
          type: 'TEXT',
          textData: {
            text: ' or write',
            decorations: [{ type: 'LINK', linkData: { link: { url: 'mailto:me@example.com' } } }],
          },
        },
      ],
    },
    { type: 'VIDEO', videoData: {} },
  ],
};
const fresh = (i: number, language = 'en') =>
  makePost(i, { firstPublishedDate: new Date(Date.now() - 3600_000).toISOString(), language, richContent });

withSite(
  { SESSION_SECRET: SECRET, OWNER_PASSWORD: 'newsletter-owner-password', SITE_URL: SITE },
  { content: [fresh(1), fresh(2), fresh(3, 'es'), fresh(4)], database: true },
);

const { sendPost, newsletterClicks, newsletterOpens, deliveryId } = await import('@/lib/newsletter/sending');
const { announce } = await import('@/lib/newsletter/send-plan');
const { clickToken } = await import('@/lib/newsletter/key');
const { previewMail, setPaused, tracksOpens } = await import('@/lib/newsletter/owner');
const { siteSending, newsletterResults, newsletterResultsOf } = await import('@/lib/newsletter');
const { subscriberId } = await import('@/lib/newsletter/subscribe');
const { dataClient } = await import('@/lib/data');
const { OWNER } = await import('@/lib/data/types');
const { GET: click, HEAD: clickHead } = await import('@/app/api/newsletter/click/route');
const { GET: open } = await import('@/app/api/newsletter/open/route');
const { POST: oneClick } = await import('@/app/(site)/newsletter/unsubscribe/route');
const { POST: ownerNewsletter } = await import('@/app/api/owner/newsletter/route');
const { MailOutcome } = await import('@/components/dashboard/newsletter-controls');
const { NewsletterResults } = await import('@/components/dashboard/newsletter-results');
const { SESSION_COOKIE, signSession } = await import('@/lib/owner/tokens');

vi.setConfig({ testTimeout: 60_000 });

const READERS = ['ana@example.com', 'bo@example.com', 'cy@example.com', 'di@example.com'];
const BOUNCES = 'gone@example.com';
const LECTORA = 'lectora@example.com';

const mails: Mail[] = [];
/** The site's sending, its mail kept here; a 550 for BOUNCES, as a mail server refuses an address for good. */
const sending = () => ({
  ...siteSending(),
  mailer: {
    async send(mail: Mail) {
      if (mail.to === BOUNCES)
        throw Object.assign(new Error('refused'), { responseCode: 550, response: '550 no such user' });
      mails.push(mail);
      return { messageId: mail.messageId ?? '' };
    },
  },
});
const mailOf = (postId: string, to: string) =>
  mails.find((mail) => mail.to === to && mail.subject === `Post number ${Number(postId.slice(5))}`)!;
/** Every link of a mail's HTML, as a browser reads the attribute. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
const clicks = (filter: Record<string, unknown> = {}) => dataClient().count(newsletterClicks.id, { filter }, OWNER);

async function mailPost(postId: string) {
  await announce(sending(), postId, async () => {});
  expect(await sendPost(sending(), postId)).toMatchObject({ status: 'done' });
}

it("a delivery's mail links through the signed click redirect; its unsubscribe and mailto links do not", async () => {
  const subscriber = (email: string, language = 'en') => ({
    _id: subscriberId(email),
    email,
    status: 'confirmed',
    language,
  });
  await dataClient().bulkInsert(
    'subscribers',
    [...[...READERS, BOUNCES].map((email) => subscriber(email)), subscriber(LECTORA, 'es')],
    OWNER,
  );
  await mailPost('post-0001');

  const mail = mailOf('post-0001', READERS[0]!);
  const delivery = deliveryId('post-0001', subscriberId(READERS[0]!));
  const links = hrefs(mail.html!);
  const tracked = links.filter((href) => href.startsWith(`${SITE}/api/newsletter/click?`)).map((href) => new URL(href));
  // The title, the two links in the text, the video's link to the post, the button.
  expect(tracked.map((url) => url.searchParams.get('u'))).toEqual([
    `${SITE}/post/post-1`,
    ARTICLE,
    OTHER,
    `${SITE}/post/post-1`,
    `${SITE}/post/post-1`,
  ]);
  for (const url of tracked) {
    expect(url.searchParams.get('d')).toBe(delivery);
    expect(url.searchParams.get('s')).toBe(clickToken(siteSending().key, delivery, url.searchParams.get('u')!));
  }
  // Nothing else: the unsubscribe link is the reader's own page, and the mailto is not a link at all.
  expect(links.filter((href) => !href.startsWith(`${SITE}/api/newsletter/click?`))).toEqual([
    mail.headers!['List-Unsubscribe']!.slice(1, -1),
  ]);
  expect(links.find((href) => href.includes('mailto:'))).toBeUndefined();
  // The text part too, where no address of the post's is left bare.
  expect(mail.text).toContain(`${SITE}/api/newsletter/click?d=${delivery}&u=`);
  expect(mail.text).not.toContain(ARTICLE);
  expect(mail.text).toContain(`${SITE}/newsletter/unsubscribe?s=`);
  // Each reader's links are their delivery's.
  const other = mailOf('post-0001', READERS[1]!);
  expect(other.html).toContain(`d=${deliveryId('post-0001', subscriberId(READERS[1]!))}`);
  expect(other.html).not.toContain(`d=${delivery}`);
  // Opens are not counted unless the owner says so: no pixel, no word of it.
  expect(mail.html).not.toContain('/api/newsletter/open');
  expect(mail.text).not.toMatch(/counted/i);
});

const linkIn = (postId: string, to: string, url: string) =>
  hrefs(mailOf(postId, to).html!).find(
    (href) => href.startsWith(`${SITE}/api/newsletter/click?`) && new URL(href).searchParams.get('u') === url,
  )!;

it('a click whose signature holds is recorded (delivery, address, time: nothing of the reader) and forwarded', async () => {
  const link = linkIn('post-0001', READERS[0]!, ARTICLE);
  const request = () => new Request(link, { headers: { 'user-agent': 'Mail/1.0', 'x-forwarded-for': '203.0.113.9' } });
  const answer = await click(request());
  expect(answer.status).toBe(303);
  expect(answer.headers.get('location')).toBe(ARTICLE);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const { items } = await dataClient().query(newsletterClicks.id, {}, OWNER);
  expect(items).toHaveLength(1);
  const [first] = items;
  expect(first).toMatchObject({
    deliveryId: deliveryId('post-0001', subscriberId(READERS[0]!)),
    postId: 'post-0001',
    url: ARTICLE,
    first: true,
  });
  expect(Date.now() - Date.parse(String(first!.date))).toBeLessThan(60_000);
  expect(JSON.stringify(first)).not.toMatch(/Mail\/1\.0|203\.0\.113\.9/);
  // The same reader again: a second click, not a second reader who clicked.
  expect((await click(request())).status).toBe(303);
  expect(await clicks()).toBe(2);
  expect(await clicks({ first: { $eq: true } })).toBe(1);
  // A link scanner's HEAD is answered alike and counts nothing.
  const head = await clickHead(new Request(link, { method: 'HEAD' }));
  expect([head.status, head.headers.get('location')]).toEqual([303, ARTICLE]);
  expect(await clicks()).toBe(2);
});

it('the redirect forwards nowhere the mail did not link: a changed address, a forged or missing signature, javascript:', async () => {
  const link = new URL(linkIn('post-0001', READERS[0]!, ARTICLE));
  const delivery = link.searchParams.get('d')!;
  const variant = (change: (params: URLSearchParams) => void) => {
    const url = new URL(link);
    change(url.searchParams);
    return url.href;
  };
  const before = await clicks();
  const refused = [
    variant((q) => q.set('u', 'https://evil.example/phish')),
    variant((q) => q.set('u', `${ARTICLE}&c=3`)),
    variant((q) => q.set('s', `${q.get('s')!.slice(0, -1)}${q.get('s')!.endsWith('A') ? 'B' : 'A'}`)),
    variant((q) => q.delete('s')),
    variant((q) => q.set('s', '')),
    // Another reader's delivery with this reader's signature.
    variant((q) => q.set('d', deliveryId('post-0001', subscriberId(READERS[1]!)))),
    // Signed with the site's own key, yet not http(s): refused all the same.
    variant((q) => {
      q.set('u', 'javascript:alert(1)');
      q.set('s', clickToken(siteSending().key, delivery, 'javascript:alert(1)'));
    }),
    variant((q) => {
      q.set('u', 'mailto:me@example.com');
      q.set('s', clickToken(siteSending().key, delivery, 'mailto:me@example.com'));
    }),
    `${SITE}/api/newsletter/click`,
  ];
  for (const url of refused) {
    const answer = await click(new Request(url));
    expect({ url, status: answer.status, location: answer.headers.get('location') }).toEqual({
      url,
      status: 400,
      location: null,
    });
    expect((await answer.json()).error).toMatchObject({ code: 'WD_VALIDATION_ERROR', wde: 'WDE0046' });
  }
  expect(await clicks()).toBe(before);
});

const cookie = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
const ownerPosts = (body: string) =>
  ownerNewsletter(
    new Request(`${SITE}/api/owner/newsletter`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, cookie },
    }),
  );

it('opens: the owner turns counting on; the mail then carries a pixel and says so, in the post’s language', async () => {
  const on = await ownerPosts('intent=opens-on');
  expect([on.status, on.headers.get('location')]).toEqual([303, '/dashboard/subscribers?mail=opens-on']);
  // The page says what the button did.
  expect(renderToStaticMarkup(createElement(MailOutcome, { outcome: 'opens-on' }))).toContain('Opens are counted');
  await mailPost('post-0002');
  await mailPost('post-0003');

  const mail = mailOf('post-0002', READERS[0]!);
  const delivery = deliveryId('post-0002', subscriberId(READERS[0]!));
  const pixel = /<img[^>]*src="([^"]*\/api\/newsletter\/open\?[^"]*)"[^>]*>/.exec(mail.html!);
  expect(pixel![0]).toMatch(/width="1"/);
  expect(pixel![0]).toMatch(/alt=""/);
  expect(new URL(pixel![1]!.replaceAll('&amp;', '&')).searchParams.get('d')).toBe(delivery);
  expect(mail.html).toContain('Opening this e-mail is counted');
  expect(mail.text).toContain('Opening this e-mail is counted');
  // The Spanish post, to its Spanish reader, says it in Spanish.
  const spanish = mailOf('post-0003', LECTORA);
  expect(spanish.html).toContain('/api/newsletter/open?');
  expect(spanish.text).toContain('Se cuenta si abres este correo');
  // Pausing and resuming every send leaves the setting as it was.
  await setPaused(siteSending(), true, async () => {});
  await setPaused(siteSending(), false, async () => {});
  expect(await tracksOpens(siteSending().records)).toBe(true);
  // The owner's preview (and test) is counted nowhere: its links go straight to their addresses, its pixel is unsigned.
  const preview = (await previewMail(siteSending(), 'post-0002'))!;
  expect(preview).toContain('Opening this e-mail is counted');
  expect(preview).not.toContain('/api/newsletter/click');
  expect(hrefs(preview)).toContain(ARTICLE);
  expect(preview).toContain(`src="${SITE}/api/newsletter/open"`);
  // Turned off again: the next post's mail has neither.
  const off = await ownerPosts('intent=opens-off');
  expect(off.headers.get('location')).toBe('/dashboard/subscribers?mail=opens-off');
  await mailPost('post-0004');
  expect(mailOf('post-0004', READERS[0]!).html).not.toContain('/api/newsletter/open');
  expect(mailOf('post-0004', READERS[0]!).text).not.toContain('counted');
});

it('the pixel answers a GIF, never cached, and records a delivery’s first open once (its later opens counted on it)', async () => {
  const pixelOf = (to: string) =>
    /src="([^"]*\/api\/newsletter\/open\?[^"]*)"/.exec(mailOf('post-0002', to).html!)![1]!.replaceAll('&amp;', '&');
  const first = await open(new Request(pixelOf(READERS[0]!)));
  expect(first.headers.get('content-type')).toBe('image/gif');
  expect(first.headers.get('cache-control')).toMatch(/no-store/);
  expect(new Uint8Array(await first.arrayBuffer()).subarray(0, 6)).toEqual(new TextEncoder().encode('GIF89a'));
  await open(new Request(pixelOf(READERS[0]!)));
  await open(new Request(pixelOf(READERS[1]!)));
  // A forged pixel: the same image, nothing counted.
  const forged = await open(new Request(pixelOf(READERS[2]!).replace(/s=[\w-]/, (s) => (s === 's=A' ? 's=B' : 's=A'))));
  expect(forged.headers.get('content-type')).toBe('image/gif');

  const { items } = await dataClient().query(newsletterOpens.id, { filter: { postId: 'post-0002' } }, OWNER);
  expect(items.map((item) => [item._id, item.opens]).sort()).toEqual(
    [
      [deliveryId('post-0002', subscriberId(READERS[0]!)), 2],
      [deliveryId('post-0002', subscriberId(READERS[1]!)), 1],
    ].sort(),
  );
});

it("the owner's results: each send's recipients, delivered, bounced, opened, clicked and unsubscribed", async () => {
  // On post 1: a second reader clicks the other link; a third leaves by its unsubscribe link.
  expect((await click(new Request(linkIn('post-0001', READERS[1]!, OTHER)))).status).toBe(303);
  const unsubscribeAt = mailOf('post-0001', READERS[2]!).headers!['List-Unsubscribe']!.slice(1, -1);
  const left = await oneClick(
    new Request(unsubscribeAt, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
  expect(left.status).toBe(200);

  const first = await newsletterResultsOf('post-0001');
  expect(first).toMatchObject({
    postId: 'post-0001',
    title: 'Post number 1',
    // The four readers and the address that bounced (the Spanish reader gets the Spanish posts only).
    recipients: 5,
    delivered: 4,
    bounced: 1,
    // Not counted for this send.
    opened: null,
    clicked: 2,
    clicks: 3,
    unsubscribed: 1,
    links: [
      { url: ARTICLE, clicks: 2 },
      { url: OTHER, clicks: 1 },
    ],
  });
  expect(first!.sentDate).toEqual(expect.any(String));

  const all = await newsletterResults();
  expect(all.map((result) => result.postId)).toEqual(['post-0004', 'post-0003', 'post-0002', 'post-0001']);
  const second = all.find((result) => result.postId === 'post-0002')!;
  expect(second).toMatchObject({
    recipients: 4,
    delivered: 4,
    bounced: 0,
    opened: 2,
    clicked: 0,
    clicks: 0,
    links: [],
  });
  expect(all.find((result) => result.postId === 'post-0004')!.opened).toBeNull();
  expect(await newsletterResultsOf('post-9999')).toBeNull();
  // As the owner's Subscribers page shows them: a dash where opens were not counted.
  const table = renderToStaticMarkup(createElement(NewsletterResults, { results: all }));
  const row = (postId: string) => new RegExp(`<tr data-result="${postId}">.*?</tr>`).exec(table)![0];
  expect(row('post-0001')).toMatch(
    /Post number 1.*example\.org\/article.*<td>4 of 5<\/td><td>1<\/td><td><span title="[^"]*">—<\/span><\/td><td>2 \(3 clicks\)<\/td><td>1<\/td>/,
  );
  expect(row('post-0002')).toMatch(/<td>4 of 4<\/td><td>0<\/td><td>2<\/td><td>0 \(0 clicks\)<\/td>/);
});
