import { expect, test } from '@playwright/test';

// The owner's pages without JavaScript: the login form posts and redirects, and the dashboard, the drafts and a
// draft preview are in the first HTML (nothing waits behind a "Loading…" fallback for a script to swap in).

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.77' });
});

test('signing in and reading the dashboard, drafts and a preview work as plain HTML', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Password').fill('e2e-owner-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(main.getByText('published posts')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Posts per month' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Every post' })).toBeVisible();
  await expect(main).not.toContainText('Loading');

  await page.goto('/dashboard/drafts');
  await expect(main.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
  const first = main.locator('[data-draft-id]').first();
  await expect(first).toBeVisible();
  await expect(main).not.toContainText('Loading');
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/dashboard\/drafts\/.+/);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main).not.toContainText('Loading');
});
