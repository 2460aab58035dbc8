import { type Page, expect, test } from '@playwright/test';

// No page may trip its own Content-Security-Policy: public pages (static policy), the post with every
// rich-content node (embeds, media, sandboxed frames), and the owner pages (per-request nonce).

const PASSWORD = 'e2e-owner-password';

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function reportViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp?: string[] };
    document.addEventListener('securitypolicyviolation', (e) =>
      (w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

/** Scrolls to the bottom in steps, so lazy images and frames load and can trip the policy. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForTimeout(500);
}

async function expectClean(page: Page, path: string, violations: string[]) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await scrollThrough(page);
  const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect([...violations, ...reported], path).toEqual([]);
}

test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${testInfo.workerIndex + 10}` });
  await reportViolations(page);
});

test('public pages: a static policy without a nonce, and no violation', async ({ page }) => {
  const violations = watchCsp(page);
  const feed = await page.request.get('/');
  const policy = feed.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'self'");
  expect(policy).not.toContain('nonce-');
  expect(feed.headers()['x-content-type-options']).toBe('nosniff');
  expect(feed.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(feed.headers()['permissions-policy']).toContain('camera=()');

  await expectClean(page, '/', violations);
  await expectClean(page, '/post/every-block-our-editor-supports', violations);
  await expect(page.locator('.rc iframe').first()).toBeAttached();
});

test('owner pages: a nonce per response, no unsafe-inline script, and no violation', async ({ page }) => {
  const violations = watchCsp(page);
  const first = await page.request.get('/login');
  const second = await page.request.get('/login');
  const policy = first.headers()['content-security-policy'] ?? '';
  const script = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(script).toMatch(/'nonce-[\w+/=]{16,}'/);
  expect(script).not.toContain("'unsafe-inline'");
  expect(second.headers()['content-security-policy']).not.toBe(policy);
  expect(first.headers()['cache-control']).toBe('private, no-store');

  await expectClean(page, '/login', violations);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The live-count island is client JavaScript: it only fetches if the nonce let Next's scripts in.
  const liveFetch = page.waitForResponse((r) => r.url().includes('/api/stats/total'));
  await expectClean(page, '/dashboard', violations);
  await liveFetch;
  await expectClean(page, '/dashboard/drafts', violations);
  await page.locator('[data-draft-id] a').first().click();
  await expect(page.locator('.notice--preview')).toBeVisible();
  await scrollThrough(page);
  expect(violations).toEqual([]);
});
