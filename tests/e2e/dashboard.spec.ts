import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS } from '../../lib/owner/tokens';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, signSession } from '../../lib/owner/tokens';

// The owner's dashboard behind its login, against the production build (playwright.config.ts sets
// OWNER_PASSWORD and SESSION_SECRET). Every test counts its failed logins under its own client address,
// so the rate-limit test cannot lock the others out.

const PASSWORD = 'e2e-owner-password';
const SECRET = 'e2e-session-secret-that-is-long-enough-0123456789';
const DRAFT = { id: '93bf4dac-0c05-4bb9-b9d5-4056e72f7643', title: 'View transitions across documents' };
const OWNER_PAGES = [
  '/dashboard',
  '/dashboard?sort=likes&page=2',
  '/dashboard/drafts',
  `/dashboard/drafts/${DRAFT.id}`,
];
/** Markup only the dashboard's data has: any of it in an anonymous answer is a leak. */
const METRIC_MARKERS = ['data-metric', 'total-posts', 'data-post-id', 'data-draft-id', 'Most viewed', DRAFT.title];

let client = 0;
const clientAddress = () => `203.0.113.${(client = (client % 250) + 1)}`;

async function expectLocked(request: APIRequestContext, cookie: string | undefined) {
  for (const path of OWNER_PAGES) {
    const response = await request.get(path, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expect(response.headers()['location'], path).toMatch(/^(http:\/\/[^/]+)?\/login/);
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
    const body = await response.text();
    for (const marker of METRIC_MARKERS) expect(body, `${path} leaks ${marker}`).not.toContain(marker);
  }
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
});

test('anonymous, forged and expired sessions are sent to /login and see no metrics', async ({ page, request }) => {
  await expectLocked(request, undefined);
  const { token } = signSession(SECRET);
  const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
  await expectLocked(request, `${SESSION_COOKIE}=${tampered}`);
  await expectLocked(request, `${SESSION_COOKIE}=${signSession('another-secret-that-is-also-long-enough-000').token}`);
  const past = Math.floor(Date.now() / 1000) - SESSION_TTL_SECONDS - 60;
  await expectLocked(request, `${SESSION_COOKIE}=${signSession(SECRET, past).token}`);

  await page.goto('/dashboard/drafts');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fdrafts$/);
  await expect(page.getByRole('heading', { name: 'Owner login' })).toBeVisible();
});

test('a wrong password is refused with a message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?notice=wrong-password/);
  // Scoped to <main>: Next's route announcer (<next-route-announcer>, outside <main>) has role=alert too.
  const notice = page.locator('main').getByRole('alert');
  await expect(notice).toHaveText('Wrong password.');
  await expect(notice).toHaveAttribute('data-notice', 'wrong-password');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
});

test('the right password opens the dashboard, whose numbers are the JSON API’s', async ({ page, request }) => {
  await signIn(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(SESSION_TTL_SECONDS - 120);
  expect(cookie.expires - Date.now() / 1000).toBeLessThanOrEqual(SESSION_TTL_SECONDS + 1);
  // The device cookie: this browser is now a known device, sent only to the login route, for 180 days.
  const device = (await page.context().cookies()).find((c) => c.name === DEVICE_COOKIE)!;
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/owner/session' });
  expect(device.expires - Date.now() / 1000).toBeGreaterThan(DEVICE_TTL_SECONDS - 120);

  const { total } = (await (await request.get('/api/stats/total')).json()) as { total: number };
  await expect(page.getByTestId('total-posts')).toHaveAttribute('data-value', String(total));

  const rows = page.locator('.metrics-table tbody tr');
  await expect(rows).toHaveCount(Math.min(total, 50));
  for (const row of [rows.first(), rows.nth(3)]) {
    const id = (await row.getAttribute('data-post-id'))!;
    const { metrics } = (await (await request.get(`/api/posts/${id}/metrics`)).json()) as {
      metrics: Record<string, number>;
    };
    for (const name of ['views', 'likes', 'comments'] as const) {
      await expect(row.locator(`[data-metric="${name}"]`)).toHaveText(metrics[name]!.toLocaleString('en'));
    }
  }

  const top = (await (await request.get('/api/posts?sort=VIEW_COUNT&paging.limit=1&fieldsets=METRICS')).json()) as {
    posts: { id: string }[];
  };
  await expect(page.locator('.top-posts').first().locator('li').first()).toHaveAttribute(
    'data-post-id',
    top.posts[0]!.id,
  );
  await expect(page.locator('.chart__svg rect')).toHaveCount(12);

  await page.getByRole('link', { name: /^Likes/ }).click();
  await expect(page).toHaveURL(/sort=likes/);
  await expect(page.locator('th[aria-sort="descending"]')).toHaveText(/Likes/);
});

test('counts refresh from the JSON API without a reload', async ({ page }) => {
  await signIn(page);
  const served = await page.request.get('/dashboard');
  expect(await served.text()).not.toContain('12,345');
  await page.route('**/api/stats/total', (route) => route.fulfill({ json: { total: 12345 } }));
  await page.goto('/dashboard');
  await expect(page.getByTestId('total-posts')).toHaveText('12,345');
});

test('drafts are listed and previewed with the post components', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Drafts' }).click();
  await expect(page.locator('[data-draft-id]')).toHaveCount(3);
  await page.getByRole('link', { name: DRAFT.title }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/drafts/${DRAFT.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DRAFT.title);
  await expect(page.locator('.rc')).toBeVisible();
  const publicPage = await page.request.get(`/post/${DRAFT.id}`);
  expect(publicPage.status()).toBe(404);
});

test('signing out locks the dashboard again, even for a copy of the old cookie', async ({ page, request }) => {
  await signIn(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)!;
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?notice=signed-out/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await expectLocked(request, `${SESSION_COOKIE}=${cookie.value}`);
});

test('the 11th wrong password within 15 minutes answers 429 with Retry-After', async ({ request }) => {
  const headers = { 'x-forwarded-for': clientAddress(), 'content-type': 'application/json' };
  for (let attempt = 1; attempt <= 10; attempt++) {
    const response = await request.post('/api/owner/session', { headers, data: { password: `wrong-${attempt}` } });
    expect(response.status(), `attempt ${attempt}`).toBe(401);
  }
  const eleventh = await request.post('/api/owner/session', { headers, data: { password: PASSWORD } });
  expect(eleventh.status()).toBe(429);
  const retryAfter = Number(eleventh.headers()['retry-after']);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  const error = (await eleventh.json()).error;
  expect(error.wde).toBe('WDE9429');
  expect(error.message).toMatch(/^too many failed logins from this client; retry in 1[45] minutes$/);

  const other = await request.post('/api/owner/session', {
    headers: { ...headers, 'x-forwarded-for': clientAddress() },
    data: { password: PASSWORD },
  });
  expect(other.status()).toBe(204);
});

test('the login page explains both kinds of 429 in its own notice, not the route announcer', async ({ page }) => {
  await page.goto('/login?notice=rate-limited');
  const limited = page.locator('main').getByRole('alert');
  await expect(limited).toHaveAttribute('data-notice', 'rate-limited');
  await expect(limited).toHaveText('Too many failed sign-ins from this address. Try again in up to 15 minutes.');

  await page.goto('/login?notice=slowed');
  const slowed = page.locator('main').getByRole('alert');
  await expect(slowed).toHaveAttribute('data-notice', 'slowed');
  await expect(slowed).toContainText('sign-in from new devices is slowed to one attempt every 2 seconds');
  await expect(slowed).toContainText('Devices you have signed in from before are not affected.');
});
