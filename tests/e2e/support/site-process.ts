import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
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

/** Starts `next start` on a free port and waits until `readyPath` answers 200. */
export async function startSite(
  env: Record<string, string>,
  { readyPath = '/robots.txt', args = [] as string[] } = {},
): Promise<SiteProcess> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(
    process.execPath,
    [path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1', ...args],
    { env: { ...process.env, ...E2E_SITE_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk) => log.push(String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await expect
      .poll(async () => (await fetch(`${url}${readyPath}`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
      .toBe(200);
  } catch (error) {
    await stop();
    throw new Error(`the site did not start: ${String(error)}\n${log.join('').slice(-3000)}`);
  }
  return { url, process: child, log, stop };
}
