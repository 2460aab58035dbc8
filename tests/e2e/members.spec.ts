import { expect, test } from '@playwright/test';
import { asNewClient, confirmCode, join, SIGNED_OUT, signIn } from './support/members';

// A reader becomes a member with JavaScript off: every form posts and redirects (Post/Redirect/Get), the code comes
// from the outbox the server writes without SMTP.

test.use({ javaScriptEnabled: false });

const PASSWORD = 'e2e member password';

test('join → code from the mail → account → sign out → wrong password → sign in', async ({ page }) => {
  const address = `member-${Date.now()}@example.com`;
  await asNewClient(page);

  await join(page, address, PASSWORD);
  await confirmCode(page, address);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('member-email')).toHaveText(address);
  await expect(page.getByTestId('member-name')).toHaveText('E2E Member');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'member_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/signin\?notice=signed-out$/);
  await page.goto('/account');
  await expect(main.getByRole('status')).toHaveText(SIGNED_OUT);
  await main.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/signin\?next=\/account$/);

  await signIn(page, address, 'not the password', { here: true });
  await expect(page).toHaveURL(/\/signin\?notice=invalid-login/);
  await expect(main.getByRole('alert')).toHaveText('The e-mail address or the password is not right.');

  await signIn(page, address, PASSWORD, { here: true });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('member-email')).toHaveText(address);
});
