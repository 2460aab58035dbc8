import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, readdirSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { standInKeyEnv } from '../../wix/webhook-keys';
import { fileURLToPath } from 'node:url';

// Processes the bench starts: production servers, builds, nginx. Each runs in its own process group so it can be
// stopped with everything it spawned; all are stopped when the bench exits, however it exits.

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const NEXT_BIN = path.join(ROOT, 'node_modules/next/dist/bin/next');
export const LOG_DIR = path.join(ROOT, '.next-bench-logs');

const running = new Set<ChildProcess>();

function stopAll() {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

/** The bench's own environment without the blog's settings, so a developer's shell cannot change what is measured. */
export function cleanEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of Object.keys(env))
    if (/^(WIX_|BLOG_|SITE_URL$|OWNER_PASSWORD$|SESSION_SECRET$|NEXT_DIST_DIR$|TRUST_PROXY_HOPS$|PORT$)/.test(key))
      delete env[key];
  return env;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Started {
  child: ChildProcess;
  pid: number;
  log: string;
  stop(): Promise<void>;
}

/** Spawns `command` detached (its own process group), output to a log file under .next-bench-logs/. */
export function start(name: string, command: string, args: string[], options: SpawnOptions = {}): Started {
  const log = path.join(LOG_DIR, `${name}.log`);
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createWriteStream(log);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    pid: child.pid!,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // gone
        }
        const killed = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
        if (!killed) {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // gone
          }
          await exited;
        }
      }
      running.delete(child);
    },
  };
}

/** Runs a command to completion; rejects with the log's tail when it fails. */
export async function run(name: string, command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  const began = performance.now();
  const proc = start(name, command, args, options);
  const code = await new Promise<number | null>((resolve) => proc.child.once('exit', (c) => resolve(c)));
  running.delete(proc.child);
  if (code !== 0) {
    await sleep(100);
    const tail = existsSync(proc.log) ? readFileSync(proc.log, 'utf8').split('\n').slice(-30).join('\n') : '';
    throw new Error(`${name} failed (exit ${code}); log ${proc.log}:\n${tail}`);
  }
  return performance.now() - began;
}

/** A process and all its descendants, parents first (Linux /proc). */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    tree.push(p);
    queue.push(...(parents.get(p) ?? []));
  }
  return tree;
}

/** Resident memory of a process and all its descendants, in bytes. */
export function treeRss(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // exited
    }
  }
  return total;
}

export interface NextServer extends Started {
  port: number;
  url: string;
  /** spawn → first 200 of the ready path, ms. */
  startMs: number;
}

export interface NextServerOptions {
  name: string;
  port: number;
  /** The project folder `next start` serves (the blog, or the floor app). */
  dir?: string;
  /** A build folder to copy before starting, so the run's page cache writes never touch the pristine build. */
  fromDist?: string;
  /** The folder, relative to `dir`, the server uses (NEXT_DIST_DIR). */
  dist: string;
  env?: Record<string, string | undefined>;
  /** Options for node itself, before Next's script (V8's flags, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  readyPath?: string;
  timeoutMs?: number;
}

/** `next start` on 127.0.0.1:port over a fresh copy of a build; resolves once `readyPath` answers 200. */
export async function startNext(options: NextServerOptions): Promise<NextServer> {
  const dir = options.dir ?? ROOT;
  if (options.fromDist) {
    await rm(path.join(dir, options.dist), { recursive: true, force: true });
    await cp(path.join(dir, options.fromDist), path.join(dir, options.dist), { recursive: true });
  }
  const url = `http://127.0.0.1:${options.port}`;
  if (
    await fetch(url).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${options.port} is taken: stop what runs there (ports 3200-3299 are the bench's)`);
  const began = performance.now();
  const proc = start(
    options.name,
    process.execPath,
    [...(options.nodeArgs ?? []), NEXT_BIN, 'start', '-p', String(options.port), '-H', '127.0.0.1'],
    {
      cwd: dir,
      env: {
        ...cleanEnv(),
        // The stand-in's webhook key pair (../../wix/webhook-keys.ts): the bench signs the events its servers verify.
        ...standInKeyEnv(),
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        ...options.env,
        NEXT_DIST_DIR: options.dist,
        PORT: String(options.port),
      },
    },
  );
  const deadline = began + (options.timeoutMs ?? 120_000);
  const readyPath = options.readyPath ?? '/';
  for (;;) {
    if (proc.child.exitCode !== null)
      throw new Error(`${options.name} exited (${proc.child.exitCode}) before answering; see ${proc.log}`);
    const status = await fetch(url + readyPath, { signal: AbortSignal.timeout(30_000) }).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status;
      },
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() > deadline) {
      await proc.stop();
      throw new Error(`${options.name} did not answer 200 on ${readyPath} in time (last ${status}); see ${proc.log}`);
    }
    await sleep(status ? 100 : 25);
  }
  return { ...proc, port: options.port, url, startMs: performance.now() - began };
}

/** Milliseconds of one request, with its status and body. */
export async function timed(url: string, init?: RequestInit & { timeoutMs?: number }) {
  const began = performance.now();
  try {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(init?.timeoutMs ?? 30_000),
    });
    const body = await response.text();
    return { ms: performance.now() - began, status: response.status, body, headers: response.headers };
  } catch (error) {
    return { ms: performance.now() - began, status: 0, body: String(error), headers: new Headers() };
  }
}
