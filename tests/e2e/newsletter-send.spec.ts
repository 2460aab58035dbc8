import { readOutbox } from '@/lib/core/mail/outbox';
import { expect, test } from '@playwright/test';
import { main } from '../../scripts/blog/cli';
import { OUTBOX } from './support/members';
import { confirmLinkFor } from './support/newsletter';

// The newsletter, end to end on the running server with JavaScript off: two readers subscribe and confirm, the CLI
// publishes a post (the signed event the platform would send), the server's queue mails it to both (the outbox is the
// mailbox without SMTP_URL). One reader unsubscribes by the mail's visible link (a page with one button), the other by
// the one-click POST a mail client makes from the List-Unsubscribe header; each lands on the page saying so.

test.use({ javaScriptEnabled: false });

const CONTENT_DIR = '.e2e/content';

async function blog(siteUrl: string, ...argv: string[]) {
  const lines: string[] = [];
  const env = { ...process.env, BLOG_CONTENT_DIR: CONTENT_DIR, SITE_URL: siteUrl };
  const code = await main(argv, { env, fetch, out: (l) => lines.push(l), err: (l) => lines.push(l) });
  expect(code, lines.join('\n')).toBe(0);
}

/** The newest mail to `address` with this subject, from the outbox. */
async function mailOf(address: string, subject: string) {
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(OUTBOX)).findLast((m) => m.headers.to === address && m.headers.subject === subject);
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

test('a new post is mailed to the confirmed readers, who unsubscribe by the link and by one click', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const run = Date.now();
  const readers = [`letter-a-${run}@example.com`, `letter-b-${run}@example.com`];
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.77' });
  for (const address of readers) {
    await page.goto('/');
    const form = page.locator('footer form.subscribe');
    await form.getByLabel('E-mail address').fill(address);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter\/check-your-inbox$/);
    await page.goto(await confirmLinkFor(address));
    await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
  }

  const title = `Newsletter e2e post ${run}`;
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  await blog(baseURL!, 'create', title);
  try {
    const [first, second] = await Promise.all(readers.map((address) => mailOf(address, title)));
    for (const mail of [first!, second!]) {
      expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\?/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      // The post's link goes through the click redirect (signed for this reader), which forwards to the post at once.
      const link = /https?:\/\/\S+\/api\/newsletter\/click\?\S+/.exec(mail.text)![0];
      expect(new URL(link).searchParams.get('u')).toBe(`${baseURL}/post/${slug}`);
      const click = await page.request.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
      expect(click.status()).toBe(303);
      expect(click.headers()['location']).toBe(`${baseURL}/post/${slug}`);
    }

    // The visible link: a page with one button (whole in the first answer: no script); opening it changes nothing, the
    // button unsubscribes.
    const visible = /https?:\/\/\S+\/newsletter\/unsubscribe\?s=[0-9a-f]{32}&t=[\w-]{22}(?:&p=[\w-]+)?/.exec(
      first!.text,
    )![0];
    await page.goto(new URL(visible).pathname + new URL(visible).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();

    // One click, as a mail client does it: a POST to the List-Unsubscribe URL.
    const oneClick = second!.headers['list-unsubscribe']!.slice(1, -1);
    const answer = await page.request.post(oneClick, {
      data: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      maxRedirects: 0,
    });
    // A mail provider wants a 2xx, no redirect (issue 42).
    expect(answer.status()).toBe(200);
    expect(answer.headers()['location']).toBeUndefined();
  } finally {
    await blog(baseURL!, 'delete', slug);
  }
});
