import { defineConfig, devices } from '@playwright/test';
import { standInKeyEnv } from './scripts/wix/webhook-keys';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
// The tests stand in for Wix where they send webhooks: the pair is made once, here, into this process's environment,
// which Playwright's workers and the servers the tests start inherit; the site verifies with its public half.
const { WIX_WEBHOOK_PUBLIC_KEY } = standInKeyEnv();

// Browser tests run against the production build (`next build` first, see package.json) on Debian's Chromium headless
// shell: Playwright's own browser download is not available on these machines, and the shell is what Playwright runs
// headless tests in by default. Measured on 2 cores, reader + visual + members-states (66 tests): 306 s in the full
// browser's headless mode, 213 s in the shell.
/**
 * Specs that start production servers of their own (support/site-process.ts) and never open the shared one: they run in
 * a second worker beside the rest, which share one server and its data, one file at a time. The machine's second core
 * was a quarter idle with one worker.
 */
const OWN_SERVERS = [
  'abuse',
  'analytics',
  'cluster',
  'data-folder',
  'newsletter-cluster',
  'outage',
  'refused-config',
  'server-memory',
].map((name) => `**/${name}.spec.ts`);

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  // A test may take 60 s. The per-test limit catches a hang; it is not a speed check (the bench is). The longest
  // stories take 20-22 s on this two-core machine (comments.spec's sign-in → … → delete, visual.spec's every-block
  // post at 1280 px), and at 30 s CI failed the first of them once, with the second project's servers starting beside.
  timeout: 60_000,
  // An assertion waits up to 15 s, not Playwright's 5: the two workers share two cores with the servers the second one
  // starts, and a page whose tags an earlier test cleared renders on its next request. In CI, a click on the feed's
  // "Older →" waited more than 5 s for /page/2 while data-folder.spec started its servers (reader.spec, once).
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
  },
  projects: [
    // Named as before the split: the screenshots' file names carry it.
    { name: 'chromium', testIgnore: OWN_SERVERS, workers: 1, use: browser },
    { name: 'own servers', testMatch: OWN_SERVERS, workers: 1, use: browser },
  ],
  webServer: {
    command: `npx next start -p ${PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/api/stats/total`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      SITE_URL: `http://127.0.0.1:${PORT}`,
      BLOG_SOURCE: 'local',
      BLOG_CONTENT_DIR: '.e2e/content',
      DATA_DIR: '.e2e/data',
      NEXT_DIST_DIR: '.next-e2e',
      // The browser tests stand for one proxy in front: they name their clients with X-Forwarded-For. The default (no
      // proxy trusted) is what tests/e2e/abuse.spec.ts runs.
      TRUST_PROXY_HOPS: '1',
      OWNER_PASSWORD: 'e2e-owner-password',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      WIX_WEBHOOK_PUBLIC_KEY,
    },
  },
});
