import { type Browser, type Page, chromium } from '@playwright/test';
import { parseMail } from '@/lib/core/mail/outbox';
import type { TestSmtp } from '@/scripts/mail/test-smtp';
import type { StandInMember } from '@/scripts/wix/stand-in-members';
import type { StandInPlan } from '@/scripts/wix/stand-in-plans';

// The Wix site's browser suite (scripts/ci/wix-site.ts runs it on the Wix-mode build, against the stand-in): members
// sign in at Wix's hosted login page (the stand-in's), a plan holder reads a paid post whole, and a reply to a watched
// thread is mailed to its watcher through a real SMTP server on loopback. What the stand-in holds for it is here too.

export const GOLD = '6f3d1c2a-7b4e-4e0a-9a51-0c2d8e4b7a10';
export const SENTINEL = 'Only a Gold member reads this sentence about stale caches';

const paragraph = (id: string, text: string) => ({
  type: 'PARAGRAPH',
  id,
  nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
  paragraphData: {},
});

export const paidPost = {
  id: '0b7c9e4d-2f1a-4c3b-8d5e-6a7f8b9c0d1e',
  title: 'Paid at Wix',
  slug: 'paid-at-wix',
  excerpt: 'What a plan at Wix opens.',
  status: 'PUBLISHED',
  firstPublishedDate: '2024-01-02T10:00:00.000Z',
  lastPublishedDate: '2024-01-02T10:00:00.000Z',
  language: 'en',
  categoryIds: [],
  tagIds: [],
  hashtags: [],
  pricingPlanIds: [GOLD],
  commentingEnabled: true,
  minutesToRead: 1,
  richContent: {
    nodes: [
      paragraph('a', 'The first paragraph, free to all.'),
      paragraph('b', 'The second one, free too.'),
      paragraph('c', 'The third, the last the preview shows.'),
      paragraph('d', SENTINEL),
    ],
  },
  contentText: `The first paragraph, free to all.\nThe second one, free too.\nThe third, the last the preview shows.\n${SENTINEL}`,
};

export const plans: StandInPlan[] = [
  {
    id: GOLD,
    name: 'Gold',
    pricing: { price: { value: '5', currency: 'EUR' }, subscription: { cycleDuration: { count: 1, unit: 'MONTH' } } },
  },
];

const member = (name: string, orders: StandInMember['orders'] = []): StandInMember => ({
  id: `member-${name.toLowerCase()}`,
  email: `${name.toLowerCase()}@example.com`,
  password: `${name.toLowerCase()}-password-0123`,
  profile: { nickname: name, slug: name.toLowerCase() },
  orders,
});
export const members = {
  ann: member('Ann', [{ planId: GOLD, status: 'ACTIVE' }]),
  ada: member('Ada'),
  bea: member('Bea'),
};

class Failure extends Error {}
const fail = (why: string): never => {
  throw new Failure(why);
};

/** A member signs in, in a browser context of their own: the site's sign-in page, then Wix's login page. */
async function signIn(browser: Browser, base: string, who: StandInMember, next: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByRole('link', { name: 'sign in on the Wix login page' }).click();
  await page.getByLabel('E-mail').fill(who.email!);
  await page.getByLabel('Password').fill(who.password!);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.origin === base && url.pathname === next.split('#')[0], { timeout: 15_000 });
  return page;
}

export async function browserSuite(base: string, smtp: TestSmtp, say: (line: string) => void, postSlug: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  });
  try {
    // 1. A paid post: the public page is its preview with the plan's box; the plan holder reads it whole.
    const publicPage = await (await fetch(`${base}/post/${paidPost.slug}`)).text();
    if (publicPage.includes(SENTINEL)) fail('the public page of the paid post shows its paid part');
    if (!publicPage.includes('The rest of this post is for members with a plan') || !publicPage.includes('Gold')) {
      fail('the public page of the paid post lacks the paywall box naming the Gold plan');
    }
    const ann = await signIn(browser, base, members.ann, `/read/${paidPost.slug}`);
    const read = (await ann.getByRole('main').textContent()) ?? '';
    if (!read.includes(SENTINEL)) fail(`the plan holder's /read/${paidPost.slug} lacks the paid part:\n${read}`);
    say(
      `a plan holder signed in at Wix's login page reads /read/${paidPost.slug} whole; the public page is the preview`,
    );

    // 2. A reply mailed: Ada comments and asks for replies; Bea replies; the mail reaches Ada's address.
    const post = `/post/${postSlug}`;
    const ada = await signIn(browser, base, members.ada, post);
    const stamp = Date.now();
    const comments = ada.locator('#comments');
    await comments.getByLabel('Write a comment').fill(`Where do the tags come from? ${stamp}`);
    await comments.getByLabel('E-mail me replies to this thread').check();
    await comments.getByRole('button', { name: 'Post comment' }).click();
    const thread = comments.locator('li.comment', { hasText: `Where do the tags come from? ${stamp}` }).first();
    await thread.waitFor({ timeout: 15_000 });
    const bea = await signIn(browser, base, members.bea, post);
    // The thread (its comment and its reply form) is the list item around the comment.
    const hers = bea.locator('#comments li.comment', { hasText: `Where do the tags come from? ${stamp}` }).first();
    await hers
      .locator('details.comment__reply > summary')
      .click({ timeout: 15_000 })
      .catch(async () =>
        fail(`Bea does not see Ada's comment to reply to:\n${await bea.locator('#comments').innerText()}`),
      );
    // The reply form, behind "Signed in already?" until the page's script knows she is (issue 47's invitation). The
    // script may open it at any moment, the invitation gone: a click on it that waited for it then waited 30 s (the
    // check failed so once, on a loaded machine). So: until the form shows, open the invitation while it is there.
    const signedIn = hers.locator('.comment-form__signed-in > summary');
    const replyBox = hers.getByLabel('Reply to Ada');
    for (let tries = 0; !(await replyBox.isVisible()); tries++) {
      if (tries === 150) fail(`Bea's reply form does not open:\n${await hers.innerText()}`);
      if (await signedIn.isVisible()) await signedIn.click({ timeout: 1_000 }).catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await replyBox.fill(`From the reads of the page ${stamp}`);
    // The reply's own request, waited for (up to 60 s: it shares two cores with the newcomer's build), so that a slow
    // answer is told apart from a reply that was not taken (CI run 36 failed here once, after 30 s, loaded).
    const posted = bea
      .waitForResponse((r) => r.request().method() === 'POST' && /\/api\/posts\/[^/]+\/comments/.test(r.url()), {
        timeout: 60_000,
      })
      .catch(() => null);
    await hers.getByRole('button', { name: 'Post reply' }).click();
    const answer = await posted;
    if (answer?.status() !== 201)
      fail(`Bea's reply was not taken: ${answer ? `HTTP ${answer.status()}` : 'no answer in 60 s'}`);
    // The reply first (on Bea's page: it was taken), then its mail, sent by the site's queue (comment-replies). The
    // queue's worker shares two cores with the newcomer's build in CI: run 23 took no mail in 30 s. 90 s, and the
    // failure says which of the two did not happen.
    const replied = await bea
      .locator('#comments', { hasText: `From the reads of the page ${stamp}` })
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    if (!replied) fail(`Bea's reply does not show on her page:\n${await bea.locator('#comments').innerText()}`);
    for (let i = 0; i < 180; i++) {
      if (smtp.received.some((mail) => mail.to.includes(members.ada.email!))) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const mail = smtp.received.find((m) => m.to.includes(members.ada.email!));
    if (!mail) {
      fail(`Bea's reply shows, but no mail reached ${members.ada.email} in 90 s (${smtp.received.length} mails taken)`);
    }
    if (!parseMail('smtp', mail!.raw).text.includes(`From the reads of the page ${stamp}`)) {
      fail('the reply mail lacks the reply');
    }
    say(`a reply to Ada's watched thread on ${post} was mailed to her (SMTP on loopback)`);
  } finally {
    await browser.close();
  }
}

export { Failure };
