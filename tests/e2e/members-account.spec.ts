import { expect, test } from '@playwright/test';
import { asNewClient, confirmCode, join, SIGNED_OUT, signIn } from './support/members';

// A member's own account with JavaScript off: profile (name and a picture from the media folder), a new password that
// signs every other browser out, and signing out everywhere. Each form posts and redirects (Post/Redirect/Get); the
// code comes from the outbox the server writes without SMTP. Locators stay inside the page's main content.

test.use({ javaScriptEnabled: false });

const PASSWORD = 'e2e account password';
const NEW_PASSWORD = 'e2e account new password';

test('profile and picture → new password ends the other browser → sign out everywhere', async ({ page, browser }) => {
  const address = `account-${Date.now()}@example.com`;
  await asNewClient(page);
  const main = page.getByRole('main');

  await join(page, address, PASSWORD, 'Account Member');
  await confirmCode(page, address);
  await expect(page).toHaveURL(/\/account$/);
  await expect(main.getByTestId('member-name')).toHaveText('Account Member');
  await expect(main.getByRole('img', { name: 'Your picture' })).toHaveCount(0);

  // A second browser, signed in before the password changes.
  const other = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await asNewClient(otherPage);
  await signIn(otherPage, address, PASSWORD);
  await expect(otherPage).toHaveURL(/\/account$/);
  await expect(otherPage.getByRole('main').getByTestId('member-email')).toHaveText(address);

  // Profile: a new name and a picture of the media folder.
  const profile = main.getByRole('region', { name: 'Profile' });
  await expect(profile.getByRole('group', { name: 'Picture' })).toBeVisible();
  await expect(profile.getByRole('radio', { name: 'No picture' })).toBeChecked();
  await profile.getByLabel('Display name').fill('Renamed Member');
  await profile.getByRole('radio', { name: 'hero bars', exact: true }).check();
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/account\?notice=profile-saved$/);
  await expect(main.getByRole('status')).toHaveText('Your profile is saved.');
  await expect(main.getByTestId('member-name')).toHaveText('Renamed Member');
  const avatar = main.getByRole('img', { name: 'Your picture' });
  await expect(avatar).toHaveAttribute('src', '/media/hero-bars.png');
  await expect(avatar).toHaveJSProperty('complete', true);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(profile.getByRole('radio', { name: 'hero bars', exact: true })).toBeChecked();

  // A wrong current password changes nothing.
  const password = main.getByRole('region', { name: 'Change password' });
  await password.getByLabel('Current password').fill('not the password');
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\?notice=wrong-password$/);
  await expect(main.getByRole('alert')).toHaveText('Your current password is not right. Nothing was changed.');

  await expect(password.getByLabel('Current password')).toHaveAttribute('autocomplete', 'current-password');
  await expect(password.getByLabel('New password')).toHaveAttribute('autocomplete', 'new-password');
  await expect(password.getByLabel('New password')).toHaveAttribute('minlength', '8');
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\?notice=password-updated$/);
  await expect(main.getByTestId('member-email')).toHaveText(address);
  const session = (await page.context().cookies()).find((c) => c.name === 'member_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  // The other browser's session ended with the old password.
  await otherPage.goto('/account');
  await expect(otherPage.getByRole('main').getByRole('status')).toHaveText(SIGNED_OUT);
  await signIn(otherPage, address, PASSWORD);
  await expect(otherPage).toHaveURL(/\/signin\?notice=invalid-login/);
  await signIn(otherPage, address, NEW_PASSWORD);
  await expect(otherPage).toHaveURL(/\/account$/);
  await expect(otherPage.getByRole('main').getByTestId('member-name')).toHaveText('Renamed Member');

  // Sign out everywhere: this browser and the other one.
  await main
    .getByRole('region', { name: 'Sign out everywhere' })
    .getByRole('button', { name: 'End all sessions' })
    .click();
  await expect(page).toHaveURL(/\/signin\?notice=signed-out-everywhere$/);
  await expect(main.getByRole('status')).toHaveText('You are signed out on every device.');
  await page.goto('/account');
  await expect(main.getByRole('status')).toHaveText(SIGNED_OUT);
  await expect(main.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await otherPage.goto('/account');
  await expect(otherPage.getByRole('main').getByRole('status')).toHaveText(SIGNED_OUT);
  await other.close();
});
