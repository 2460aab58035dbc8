import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { readOutbox } from '@/lib/core/mail/outbox';

// What the members' browser tests share: the outbox the e2e server writes mail to, and the steps every one of them
// takes (join with the mailed code, sign in, the owner's sign-in). Locators stay inside the page's main content.

export const OUTBOX = path.resolve('.e2e/data/outbox');
export const OWNER_PASSWORD = 'e2e-owner-password';
export const SIGNED_OUT = 'You are not signed in, or your session has ended.';

/**
 * Counts this page's requests against a client address of its own (198.18.0.0/15, the benchmarking range), new on
 * every call: the server's per-client limits and captcha thresholds then start from zero for each test, however often
 * it runs against the same server.
 */
export async function asNewClient(page: Page) {
  const n = Math.floor(Math.random() * 2 ** 17);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}` });
}

/**
 * The newest mail to this address whose text matches `pattern` (any mail when none is given), waiting for it. A test
 * that expects a second mail names what it holds: the page can answer before that mail is written, and the newest mail
 * is then the one before (members-states.spec's reset link read the join code's mail, once in a full run).
 */
export async function mailTo(address: string, pattern = /[^]/, outbox = OUTBOX): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      text = (await readOutbox(outbox)).findLast((m) => m.headers.to === address)?.text ?? '';
      return pattern.test(text);
    })
    .toBe(true);
  return text;
}

/** The six-digit code of the newest mail to this address. */
const CODE = /^\s+(\d{6})$/m;
export const codeFor = async (address: string, outbox = OUTBOX) => CODE.exec(await mailTo(address, CODE, outbox))![1]!;

/** Fills and sends the join form; the page is then at /verify (or wherever the policy sends a new member). */
export async function join(page: Page, address: string, password: string, name = 'E2E Member') {
  const main = page.getByRole('main');
  await page.goto('/join');
  await main.getByLabel('E-mail address').fill(address);
  await main.getByLabel('Display name').fill(name);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Create account' }).click();
}

/** Sends the mailed code on /verify (mailed to `outbox`: server B's is `.e2e/b-data/outbox`). */
export async function confirmCode(page: Page, address: string, outbox = OUTBOX) {
  const main = page.getByRole('main');
  await expect(page).toHaveURL(/\/verify\?notice=code-sent$/);
  await main.getByLabel('6-digit code').fill(await codeFor(address, outbox));
  await main.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * Fills and sends the sign-in form on the page it is at (going to /signin first unless `here`), and waits for the page
 * it leads to: the next document, not the URL (a failure lands on the same URL as the one before it, and the silent
 * captcha sends the form only once its proof of work is done).
 */
export async function signIn(page: Page, address: string, password: string, { here = false } = {}) {
  if (!here) await page.goto('/signin');
  const main = page.getByRole('main');
  await main.getByLabel('E-mail address').fill(address);
  await main.getByLabel('Password', { exact: true }).fill(password);
  const landed = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() });
  await main.getByRole('button', { name: 'Sign in', exact: true }).click();
  await landed;
}

/** The owner signs in (in this page's browser) and lands on the dashboard. */
export async function ownerSignIn(page: Page) {
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Password').fill(OWNER_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
