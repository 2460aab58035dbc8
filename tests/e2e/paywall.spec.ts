import { type Browser, expect, test } from '@playwright/test';
import { main } from '../../scripts/blog/cli';
import { ContentFolder } from '../../scripts/blog/content-folder';
import { probePost, restorePost } from '../../scripts/blog/probe';
import { SESSION_COOKIE, signSession } from '../../lib/owner/tokens';
import { asNewClient, confirmCode, join, ownerSignIn } from './support/members';

const SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';

// Paid posts on the running server (issue 30): the CLI makes a post paid, and a sentence of its fourth block on (past
// the default preview of three) appears 0 times for a visitor in the page's HTML, its RSC payload (as a client
// navigation and a prefetch ask it), the feed and the JSON API; the page stays prerendered, shows the paywall box, and
// says so to search engines. Then the plans: the owner defines one in the dashboard, the box names it with its price,
// a member granted it reads the rest at /read/{slug} (private, per request), the owner's JSON API answers it whole,
// and once revoked the member gets the preview again on their next request. The post is put back as it was.

const CONTENT_DIR = '.e2e/content';
const folder = new ContentFolder(CONTENT_DIR);

type Node = { type?: string; nodes?: Node[]; textData?: { text?: string } };
const textOf = (node: Node): string =>
  node.type === 'TEXT' ? (node.textData?.text ?? '') : (node.nodes ?? []).map(textOf).join('');

/** The probe post and a sentence only its paid part holds: the longest text past the third block no free one has. */
async function paidProbe() {
  const probe = await probePost(folder);
  const nodes = ((probe.post.richContent as { nodes?: Node[] } | undefined)?.nodes ?? []) as Node[];
  const free = nodes.slice(0, 3).map(textOf).join('\n');
  const sentinel = nodes
    .slice(3)
    .map(textOf)
    .map((t) => t.trim().slice(0, 60))
    .filter((t) => t.length >= 20 && !/[&<>"'\\]/.test(t) && !free.includes(t))
    .sort((a, b) => b.length - a.length)[0];
  expect(sentinel, 'the probe post has text past its third block').toBeTruthy();
  return { probe, sentinel: sentinel!.slice(0, 30) };
}

/**
 * `npm run blog -- update <post> --plans …` in the running server's content folder; answers once the server, which
 * watches the folder, serves the post's paywall (the first answer after that is checked whole by the caller).
 */
async function markPaid(postId: string, plans: string, baseURL: string) {
  const lines: string[] = [];
  // The running server holds its data folder: the CLI checks the plans by asking it, as its owner (issue 47).
  const env = {
    ...process.env,
    BLOG_CONTENT_DIR: CONTENT_DIR,
    DATA_DIR: '.e2e/data',
    SITE_URL: baseURL,
    OWNER_PASSWORD: 'e2e-owner-password',
  };
  const code = await main(['update', postId, '--plans', plans], {
    env,
    fetch,
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
  });
  expect(code, lines.join('\n')).toBe(0);
  await expect
    .poll(async () => (await (await fetch(`${baseURL}/api/posts/${postId}`)).json()).post?.preview, { timeout: 15_000 })
    .toBe(true);
}

test('a paid post shows its preview only, everywhere a visitor looks', async ({ request, baseURL }) => {
  const { probe, sentinel } = await paidProbe();
  const page = `/post/${probe.post.slug}`;
  expect(await (await request.get(page)).text()).toContain(sentinel);
  // A plan the site has (the CLI refuses one it has not), named by its name.
  const owner = { origin: baseURL!, cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}` };
  const planName = `Probe plan ${Date.now() % 100000}`;
  const defined = await request.post('/api/owner/plans', {
    form: { intent: 'define', name: planName, billing: 'unlimited' },
    headers: owner,
    maxRedirects: 0,
  });
  expect(defined.status()).toBe(303);
  await markPaid(probe.post.id, planName, baseURL!);
  try {
    const html = await request.get(page);
    expect(html.status()).toBe(200);
    const body = await html.text();
    expect(body).not.toContain(sentinel);
    expect(body).toContain('The rest of this post is for members with a plan');
    expect(body).toMatch(/"isAccessibleForFree":false/);
    // Served from the prerendered copy on the next request, as every visitor gets it.
    expect((await request.get(page)).headers()['x-nextjs-cache']).toMatch(/HIT|STALE/);
    for (const headers of [{ rsc: '1' }, { rsc: '1', 'next-router-prefetch': '1' }] as Record<string, string>[]) {
      const rsc = await request.get(`${page}?_rsc=paywall`, { headers });
      expect(rsc.status()).toBe(200);
      expect(await rsc.text()).not.toContain(sentinel);
    }
    const api = await request.get(
      `/api/posts/${probe.post.id}?fieldsets=RICH_CONTENT&fieldsets=CONTENT_TEXT&fieldsets=SEO`,
    );
    const json = await api.text();
    expect(json).not.toContain(sentinel);
    expect(JSON.parse(json).post.preview).toBe(true);
    expect(await (await request.get('/feed.xml')).text()).not.toContain(sentinel);
  } finally {
    await restorePost(baseURL!, probe);
  }
});

/** A member of their own, joined and confirmed, in a browser context of their own. */
async function newMember(browser: Browser, address: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asNewClient(page);
  await join(page, address, 'e2e paid reader password', 'Paid Reader');
  await confirmCode(page, address);
  await expect(page).toHaveURL(/\/account$/);
  return { context, page };
}

test('a member granted the plan reads the rest per request; revoked, they get the preview again', async ({
  browser,
  page: owner,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { probe, sentinel } = await paidProbe();
  const read = `/read/${probe.post.slug}`;
  const publicPage = `/post/${probe.post.slug}`;
  const address = `paid-${Date.now()}@example.com`;

  // The owner defines a plan with a price; the post is made paid with it.
  await asNewClient(owner);
  await ownerSignIn(owner);
  await owner.goto('/dashboard/plans');
  const planName = `Gold ${Date.now() % 100000}`;
  const define = owner.getByRole('main').locator('form.plan-form').first();
  await define.getByLabel('Name').fill(planName);
  await define.getByLabel('Price').fill('4.99');
  await define.getByLabel('Currency').fill('EUR');
  await define.getByRole('button', { name: 'Add the plan' }).click();
  await expect(owner).toHaveURL(/\/dashboard\/plans$/);
  const planRow = owner.getByTestId('plan-list').locator('li', { hasText: planName });
  const planId = (await planRow.locator('code').textContent())!.trim();
  expect(planId).toMatch(/^[0-9a-f-]{36}$/);
  await markPaid(probe.post.id, planId, baseURL!);
  const member = await newMember(browser, address);
  try {
    // The public page, the same for everyone: the plan with its price and a way to get it; no paid text.
    const html = await (await request.get(publicPage)).text();
    expect(html).not.toContain(sentinel);
    expect(html).toContain(planName);
    expect(html).toContain('€4.99');
    expect(html).toContain(`/plans/checkout?plan=${planId}&amp;post=${probe.post.slug}`);
    // Locally "Join" is the site's sign-up (no payment is taken here).
    const join = await request.get(`/plans/checkout?plan=${planId}&post=${probe.post.slug}`, { maxRedirects: 0 });
    expect([join.status(), join.headers()['location']]).toEqual([303, '/join']);
    expect((await request.get(`/plans/checkout?plan=not-its-plan&post=${probe.post.slug}`)).status()).toBe(404);

    // Before the grant: the member's read is the preview, saying why.
    await member.page.goto(read);
    await expect(member.page.getByRole('main')).toContainText('Your account holds none of the plans');
    expect(await member.page.content()).not.toContain(sentinel);

    // The owner grants the plan; the member reads the rest, privately, and sees the plan on /account.
    await owner.goto('/dashboard/plans');
    const grant = owner
      .getByRole('main')
      .locator('form.plan-form', { has: owner.getByRole('button', { name: 'Grant' }) });
    await grant.getByLabel('Member').selectOption({ label: `Paid Reader (${address})` });
    await grant.getByLabel('Plan').selectOption({ label: planName });
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(owner.getByTestId('plan-grants')).toContainText(address);

    const answer = await member.page.goto(read);
    expect(answer!.headers()['cache-control']).toMatch(/no-store/);
    await expect(member.page.getByTestId('paid-read-plan')).toHaveText(`Open to you with your plan “${planName}”.`);
    await expect(member.page.getByRole('main')).toContainText(sentinel);
    expect(await member.page.content()).toContain(sentinel);
    await member.page.goto('/account');
    await expect(member.page.getByTestId('member-plans').getByRole('heading', { level: 3 })).toHaveText([planName]);
    // The public page is still the preview, for the member too, and for a visitor asking /read; the member's own
    // browser offers them "Read on" where a visitor's offers the plans (the same HTML: issue 47's island asks).
    await member.page.goto(publicPage);
    expect(await member.page.content()).not.toContain(sentinel);
    await expect(member.page.getByTestId('paywall-read-on').getByRole('link', { name: 'Read on' })).toHaveAttribute(
      'href',
      read,
    );
    expect(await (await request.get(read)).text()).not.toContain(sentinel);

    // The owner's JSON API answers the whole post, privately; a visitor's the preview.
    const ownerApi = await owner.request.get(
      `/api/posts/${probe.post.id}?fieldsets=RICH_CONTENT&fieldsets=CONTENT_TEXT`,
    );
    expect(ownerApi.headers()['cache-control']).toBe('private, no-store');
    expect(await ownerApi.text()).toContain(sentinel);
    const visitorApi = await request.get(`/api/posts/${probe.post.id}?fieldsets=RICH_CONTENT&fieldsets=CONTENT_TEXT`);
    expect(await visitorApi.text()).not.toContain(sentinel);

    // The dashboard counts the member's read.
    await owner.goto('/dashboard/plans');
    const row = owner.getByTestId('paid-posts').locator(`tr[data-post-id="${probe.post.id}"]`);
    await expect(row.locator('[data-metric="plan-readers"]')).toHaveText('1');
    await expect(row).toContainText(planName);

    // Revoked: the member's next request is the preview again.
    await owner.getByRole('button', { name: `Revoke ${planName} from Paid Reader (${address})` }).click();
    await expect(owner.getByTestId('plan-grants')).not.toContainText(address);
    await member.page.goto(read);
    await expect(member.page.getByRole('main')).toContainText('Your account holds none of the plans');
    expect(await member.page.content()).not.toContain(sentinel);
  } finally {
    await member.context.close();
    await restorePost(baseURL!, probe);
  }
});
