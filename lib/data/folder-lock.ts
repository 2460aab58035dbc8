import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { CatalogueError } from '@/lib/errors';

// One database per folder at a time. PGlite runs Postgres inside this process and has no lock of its own: a second
// process (or a second instance in this one) on the same folder writes over the first one's pages. The lock file holds
// the holder's pid; a lock whose process is gone (a crash, a killed build worker) is taken over.

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

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the folder's lock (creating the folder) and returns its release; throws DataFolderBusyError when held. */
export function lockFolder(folder: string): () => void {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, '.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DataFolderBusyError(folder, pid);
      unlinkSync(file);
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.off('exit', release);
      try {
        unlinkSync(file);
      } catch {
        // already gone: nothing to release
      }
    };
    process.on('exit', release);
    return release;
  }
  throw new DataFolderBusyError(folder, Number.NaN);
}
