import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanEnv, NEXT_BIN, ROOT, run } from './process';

// The production builds the suite measures, each in its own dist folder (never .next or .next-e2e). A build is
// reused while nothing it depends on has changed: the fingerprint covers every source file git sees (tracked or
// not) outside content/, docs/, tests/ and scripts/, the content it prerenders and the build's environment.

export const BENCH_TMP = path.join(tmpdir(), 'render-path-bench');
export const FLOOR_DIR = path.join(ROOT, 'scripts/bench/floor');

const SOURCE_DIRS =
  /^(app|components|lib|public)\/|^(proxy|instrumentation)\.ts$|^next\.config\.ts$|^package-lock\.json$|^tsconfig\.json$/;

function hashFiles(files: string[], base: string, hash = createHash('sha256')) {
  for (const file of files.sort()) {
    const full = path.join(base, file);
    if (!existsSync(full) || !statSync(full).isFile()) continue;
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash;
}

function sourceFingerprint(extra: unknown): string {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => SOURCE_DIRS.test(f));
  return hashFiles(files, ROOT).update(JSON.stringify(extra)).digest('hex').slice(0, 16);
}

const contentFingerprint = (dir: string) =>
  hashFiles(
    execFileSync('find', ['.', '-type', 'f', '-not', '-path', './.keys/*'], { cwd: dir, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean),
    dir,
  )
    .digest('hex')
    .slice(0, 16);

export interface Build {
  dist: string;
  ms: number;
  reused: boolean;
}

async function cachedBuild(
  label: string,
  dir: string,
  dist: string,
  fingerprint: string,
  args: string[],
  env: Record<string, string>,
  force: boolean,
): Promise<Build> {
  const stamp = path.join(dir, dist, 'bench-fingerprint');
  if (
    !force &&
    existsSync(path.join(dir, dist, 'BUILD_ID')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === fingerprint
  ) {
    return { dist, ms: 0, reused: true };
  }
  await rm(path.join(dir, dist), { recursive: true, force: true });
  const ms = await run(`build-${label}`, process.execPath, [NEXT_BIN, 'build', ...args], {
    cwd: dir,
    env: { ...cleanEnv(), NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', NEXT_DIST_DIR: dist, ...env },
  });
  await writeFile(stamp, fingerprint);
  return { dist, ms, reused: false };
}

/** A fresh scratch copy of the demo content/ (the builds and servers must never write into content/). */
export async function demoContentCopy(name = 'content'): Promise<string> {
  const dir = path.join(BENCH_TMP, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(BENCH_TMP, { recursive: true });
  await cp(path.join(ROOT, 'content'), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}.keys`) });
  return dir;
}

export const APP_PORT = 3210;
/** The owner's credentials of every server the bench starts (the dashboard is measured signed in). */
export const OWNER_PASSWORD = 'bench-owner-password';
export const SESSION_SECRET = 'bench-session-secret-0123456789abcdef0123456789';
export const APP_SITE_URL = `http://127.0.0.1:${APP_PORT}`;

/** The blog over the demo content, local source. */
export async function buildApp(contentDir: string, force = false): Promise<Build> {
  const env = { BLOG_SOURCE: 'local', BLOG_CONTENT_DIR: contentDir, SITE_URL: APP_SITE_URL };
  const fingerprint = sourceFingerprint({ env: { ...env, BLOG_CONTENT_DIR: contentFingerprint(contentDir) } });
  return cachedBuild('app', ROOT, '.next-bench', fingerprint, [], env, force);
}

/**
 * The floor: scripts/bench/floor, one static page. Built with webpack: Turbopack looks for a proxy file in every
 * folder up to its root, and the root must hold node_modules, so it compiles the blog's own proxy.ts into the
 * floor; webpack looks in the app's folder only. `next start` serves either the same way.
 */
export async function buildFloor(force = false): Promise<Build> {
  const files = [
    'app/page.tsx',
    'app/layout.tsx',
    'app/sized/page.tsx',
    'app/sized/[bytes]/page.tsx',
    'next.config.mjs',
    'tsconfig.json',
  ];
  const fingerprint = hashFiles(files, FLOOR_DIR)
    .update(readFileSync(path.join(ROOT, 'package-lock.json')))
    .digest('hex')
    .slice(0, 16);
  return cachedBuild('floor', FLOOR_DIR, '.next-floor', fingerprint, ['--webpack'], {}, force);
}

export const WIX_ENV = {
  BLOG_SOURCE: 'wix',
  WIX_API_KEY: 'IST.bench-not-a-real-key',
  WIX_SITE_ID: 'bench-site',
} as const;

/** The blog on the Wix source, prerendered from the stand-in at `standInUrl` (which must answer meanwhile). */
export async function buildWix(standInUrl: string, contentDir: string, force = false): Promise<Build> {
  const env = { ...WIX_ENV, WIX_API_BASE_URL: standInUrl, SITE_URL: 'http://127.0.0.1:3211' };
  const fingerprint = sourceFingerprint({
    env: { ...env, WIX_API_BASE_URL: 'stand-in' },
    content: contentFingerprint(contentDir),
  });
  return cachedBuild('wix', ROOT, '.next-bench-wix', fingerprint, [], env, force);
}

/** The copies of builds (and the analytics figure's database) a run makes: scratch, removed at its end. */
export async function removeRunCopies() {
  for (const dist of [
    '.next-bench-run-app',
    '.next-bench-run-scale',
    '.next-bench-run-fault-500',
    '.next-bench-run-fault-429',
    '.next-bench-run-fault-hang',
    '.next-bench-run-fault-malformed',
    '.next-bench-run-plain',
    '.next-bench-run-a',
    '.next-bench-run-b',
    '.next-bench-analytics-data',
  ]) {
    await rm(path.join(ROOT, dist), { recursive: true, force: true });
  }
}
