import path from 'node:path';
import { expect, test } from '@playwright/test';
import { readOutbox } from '@/lib/mail/outbox';

// A reader becomes a member with JavaScript off: every form posts and redirects (Post/Redirect/Get), the code comes
// from the outbox the server writes without SMTP.

test.use({ javaScriptEnabled: false });

const OUTBOX = path.resolve('.e2e/data/outbox');
const PASSWORD = 'e2e member password';

/** The six-digit code of the newest mail to this address. */
async function codeFor(address: string) {
  let text = '';
  await expect
    .poll(async () => {
      text = (await readOutbox(OUTBOX)).findLast((m) => m.headers.to === address)?.text ?? '';
      return text !== '';
    })
    .toBe(true);
  return /^\s+(\d{6})$/m.exec(text)![1]!;
}

test('join → code from the mail → account → sign out → wrong password → sign in', async ({ page }) => {
  const address = `member-${Date.now()}@example.com`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.41' });

  await page.goto('/join');
  await page.getByLabel('E-mail address').fill(address);
  await page.getByLabel('Display name').fill('E2E Member');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify\?notice=code-sent$/);
  await expect(page.getByRole('status')).toContainText('6-digit code');

  await page.getByLabel('6-digit code').fill(await codeFor(address));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('member-email')).toHaveText(address);
  await expect(page.getByTestId('member-name')).toHaveText('E2E Member');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'member_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin\?notice=signed-out$/);
  await page.goto('/account');
  await expect(page.getByRole('status')).toHaveText('You are not signed in, or your session has ended.');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/signin\?next=\/account$/);

  await page.getByLabel('E-mail address').fill(address);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin\?notice=invalid-login/);
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or the password is not right.');

  await page.getByLabel('E-mail address').fill(address);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('member-email')).toHaveText(address);
});
