import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { initializeFolder } from '../../../lib/data/embedded-folder';
import { freePort } from '../../helpers/redis-server';

// One more production server of the browser tests' build (`.next-e2e`), with an environment of the test's own: the
// cluster's instances, the data folder's lock cases. It is `next start`, as `npm run serve` runs it.

export interface SiteProcess {
  url: string;
  process: ChildProcess;
  /** What it printed, stdout and stderr. */
  log: string[];
  /** SIGTERM, and the process's end. */
  stop(): Promise<void>;
}

export const E2E_SITE_ENV = {
  NODE_ENV: 'production',
  NEXT_DIST_DIR: '.next-e2e',
  SITE_URL: 'http://127.0.0.1:3100',
  BLOG_SOURCE: 'local',
} as const;

/** The servers this test process started and has not stopped. */
const running = new Set<ChildProcess>();
// A run that ends before a test's afterAll (a timeout, Ctrl-C, a crash) takes its servers with it: left behind, each
// kept its port, its data folder's lock and, with Redis gone, a core spinning on reconnects.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts `next start` on a free port and waits until `readyPath` answers 200, for up to 60 s: a hang guard, not a speed
 * check. A fresh data folder's first open runs initdb (~6 s of CPU), and on CI's two cores another project's browser
 * and server share them; at 30 s, starts under extra load failed (five own-server tests in one local run).
 */
export async function startSite(
  env: Record<string, string>,
  { readyPath = '/robots.txt', args = [] as string[], ownOrigin = false } = {},
): Promise<SiteProcess> {
  const port = await freePort();
  // A browser's pages on this server are same-site only when SITE_URL is its own address (the beacons, forms).
  if (ownOrigin) env = { ...env, SITE_URL: `http://127.0.0.1:${port}` };
  const log: string[] = [];
  const child = spawn(
    process.execPath,
    [path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1', ...args],
    { env: { ...process.env, ...E2E_SITE_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk) => log.push(String(chunk)));
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // A graceful stop waits for its queues' work in hand: one that outlives 20 s is ended (CI run 42 waited past
    // fediverse.spec's 60 s for its two sites, each delivering to the other as both stopped).
    const ended = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(ended);
  };
  try {
    await expect
      .poll(async () => (await fetch(`${url}${readyPath}`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
      .toBe(200);
  } catch (error) {
    await stop();
    throw new Error(`the site did not start: ${String(error)}\n${log.join('').slice(-3000)}`);
  }
  return { url, process: child, log, stop };
}

/** One template per Playwright worker: both lanes make theirs at once (one folder removed and made by both raced). */
const DATA_TEMPLATE = `.e2e/data-template-${process.pid}`;
let template: Promise<void> | undefined;

/**
 * Makes `dir` a new data folder (DATA_DIR) for a server of a test's own: a copy of one made once per run by the site's
 * own initializeFolder, not initdb again at each start (~6 s of CPU, beside the other worker's browser on two cores),
 * as the unit tests' folders are (tests/global-setup.ts). A first start's initdb is what the shared server's build,
 * the newcomer's check and data-folder.spec's held-at-start test go through.
 */
export async function newDataFolder(dir: string): Promise<void> {
  template ??= (async () => {
    rmSync(DATA_TEMPLATE, { recursive: true, force: true });
    await initializeFolder(DATA_TEMPLATE);
  })();
  await template;
  rmSync(dir, { recursive: true, force: true });
  cpSync(DATA_TEMPLATE, dir, { recursive: true });
}
