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
 * The browser tests run in two lanes, one worker each, one file at a time in each (2 cores):
 *
 * - lane A (`chromium`): the specs that share server A (port 3100, `.e2e/content`, `.e2e/data`);
 * - lane B (`server B`): the specs that start production servers of their own (support/site-process.ts) and never open
 *   a shared one, and those that share server B (port 3101, over copies of A's folders made after the build:
 *   `.e2e/b-content`, `.e2e/b-data`).
 *
 * Lane B had only the specs with servers of their own, and ended 175 s before lane A, leaving a core idle (CI, 743c1d5:
 * 345 s of tests in A, 171 s in B). The screenshots (visual.spec) moved to server B: a fresh site of their own, which
 * no other spec has commented on, liked or voted in, whatever ran before. A spec with servers of its own may run in
 * either lane (each lane makes its own data template: support/site-process.ts): import.spec and abuse.spec run in A,
 * fediverse.spec in B (CI run 33: 416 s of tests in A with fediverse.spec's 84 s and import.spec's 15 s, 337 s in B
 * with abuse.spec's 32 s).
 */
const OWN_SERVERS = [
  'analytics',
  'cluster',
  'data-folder',
  'fediverse',
  'newsletter-cluster',
  'outage',
  'refused-config',
  'server-memory',
  'settings',
];
const ON_SERVER_B = ['visual'];
const LANE_B = [...OWN_SERVERS, ...ON_SERVER_B].map((name) => `**/${name}.spec.ts`);
const PORT_B = PORT + 1;

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

/** A shared production server of the browser tests' build (`npm run build:e2e`) over its own content and data. */
function server(port: number, contentDir: string, dataDir: string) {
  return {
    command: `npx next start -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/api/stats/total`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      SITE_URL: `http://127.0.0.1:${port}`,
      BLOG_SOURCE: 'local',
      BLOG_CONTENT_DIR: contentDir,
      DATA_DIR: dataDir,
      NEXT_DIST_DIR: '.next-e2e',
      // The browser tests stand for one proxy in front: they name their clients with X-Forwarded-For. The default (no
      // proxy trusted) is what tests/e2e/abuse.spec.ts runs.
      TRUST_PROXY_HOPS: '1',
      OWNER_PASSWORD: 'e2e-owner-password',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      WIX_WEBHOOK_PUBLIC_KEY,
    },
  };
}

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
  // The screenshots' names carry neither the project nor the lane, so a spec keeps its baselines when it changes lanes.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}-{platform}{ext}',
  projects: [
    { name: 'chromium', testIgnore: LANE_B, workers: 1, use: browser },
    { name: 'server B', testMatch: LANE_B, workers: 1, use: { ...browser, baseURL: `http://127.0.0.1:${PORT_B}` } },
  ],
  webServer: [server(PORT, '.e2e/content', '.e2e/data'), server(PORT_B, '.e2e/b-content', '.e2e/b-data')],
});
