import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CatalogueError } from '@/lib/core/errors';

// One database per folder at a time. PGlite runs Postgres inside this process and has no lock of its own: a second
// process (or a second instance in this one) on the same folder writes over the first one's pages. The lock file names
// its holder by pid AND by that process's start time: a pid is reused (a build worker killed, then any process given
// its number), so a lock is held only while the process with that pid is the one that started when the lock says.
// A holder that is gone (crashed, killed without its exit handler, as `next build` ends its prerender worker) leaves
// its lock behind: the next opener takes it over. A holder that is still ending is waited for, for a bounded time.

/**
 * The folder is open in another live process, or already in this one: the data service is unavailable here (503
 * WDE0053, the catalogue's backend failure). The message names neither the folder nor the holder (it can reach a
 * response body); `folder` and `pid` say them to whoever runs the process (the CLI, the build log).
 */
export class DataFolderBusyError extends CatalogueError {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(503, 'WDE0053', "the data service's database is open in another process (a site or the CLI on its DATA_DIR)");
    this.name = 'DataFolderBusyError';
  }

  /** For the operator: which folder, held by whom. */
  get holder(): string {
    return this.pid === process.pid
      ? `the database in ${this.folder} is already open in this process`
      : `the database in ${this.folder} is open in process ${this.pid}`;
  }
}

/** What the lock file says of its holder. `started` is absent in a lock written by an older version (pid only). */
interface Holder {
  pid: number;
  started?: string;
}

let bootId: string | undefined;
const linuxBootId = () => (bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());

/**
 * When the process `pid` started, as a string that differs for any two processes that ever had this pid (undefined
 * when there is no such process, or this system cannot say). Linux: the boot's id and the start time in clock ticks
 * (`/proc/<pid>/stat`, field 22); elsewhere `ps -o lstart=` (to the second).
 */
export function processStartOf(pid: number): string | undefined {
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name (field 2) is in parentheses and may hold spaces or parentheses: count from the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return `${linuxBootId()}:${fields[19]}`;
    } catch {
      return undefined;
    }
  }
  try {
    const text = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: 'pipe' }).trim();
    return text || undefined;
  } catch {
    return undefined;
  }
}

const pidExists = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether the lock's holder still runs: its pid exists and, when the lock says when it started, it is that one. */
export function holderAlive({ pid, started }: Holder): boolean {
  if (!pidExists(pid)) return false;
  if (started === undefined) return true;
  const now = processStartOf(pid);
  // A system that cannot tell a start time: the pid alone decides, as before.
  return now === undefined || now === started;
}

/** The lock file's holder: `{"pid":…,"started":"…"}`, or a bare pid (older locks); null when unreadable. */
function readHolder(file: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { pid: 0 };
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed === 'number') return { pid: parsed };
    if (Number.isInteger(parsed.pid) && (parsed.pid as number) > 0) {
      return { pid: parsed.pid as number, ...(typeof parsed.started === 'string' && { started: parsed.started }) };
    }
  } catch {
    // not JSON: a bare pid or a torn write
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? { pid } : null;
}

/** The lock this process writes. */
export const lockText = () => JSON.stringify({ pid: process.pid, started: processStartOf(process.pid) });

export interface LockOptions {
  /**
   * Also release on SIGINT and SIGTERM, then let the signal end the process as it would have. For a process that is
   * ended by a signal without its exit handlers (Next ends the build's prerender worker with SIGINT); not for a
   * server, whose own handlers exit (running the exit handler) once its requests are done.
   */
  releaseOnSignal?: boolean;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Takes the folder's lock now (creating the folder) and returns its release; throws DataFolderBusyError when held. */
export function lockFolder(folder: string, { releaseOnSignal = false }: LockOptions = {}): () => void {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, '.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && holder.pid > 0 && holderAlive(holder)) throw new DataFolderBusyError(folder, holder.pid);
      // Gone (or a lock no process could have written whole): taken over.
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    writeSync(fd, lockText());
    closeSync(fd);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.off('exit', release);
      for (const signal of SIGNALS) process.off(signal, onSignal);
      try {
        unlinkSync(file);
      } catch {
        // already gone: nothing to release
      }
    };
    // The lock goes with the process; then the signal does what it would have done without this listener (unless
    // someone else listens for it, who decides).
    const onSignal = (signal: NodeJS.Signals) => {
      release();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on('exit', release);
    if (releaseOnSignal) for (const signal of SIGNALS) process.on(signal, onSignal);
    return release;
  }
  throw new DataFolderBusyError(folder, Number.NaN);
}

/**
 * Takes the folder's lock, waiting up to `waitMs` for a live holder to end (a build's prerender worker still ending
 * when the server starts); throws DataFolderBusyError when it is still held then.
 */
export async function acquireFolder(
  folder: string,
  waitMs: number,
  options: LockOptions = {},
  pollMs = 100,
): Promise<() => void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return lockFolder(folder, options);
    } catch (error) {
      if (!(error instanceof DataFolderBusyError) || Date.now() + pollMs > deadline) throw error;
    }
    await sleep(pollMs);
  }
}
