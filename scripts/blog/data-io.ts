import type { DataBackend } from '@/lib/data/tools';

// What a command that reaches the site's data (data, backup, restore, the job mode through the owner's API) is given:
// its environment, where its lines go, and the seams the tests use. Its own file: the data commands and the owner's
// site client (owner-site.ts) both name it, and data.ts runs the job mode (data-jobs.ts), which reaches the site.

export interface DataIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Where the import's progress bar draws: only a terminal gets one, anything else a line per request. */
  errStream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** The database of DATA_DIR (tests pass their own). */
  openBackend?: (dataDir: string) => DataBackend;
  /** How the job mode reaches the site (data-jobs.ts), how often it asks for the job, and its Ctrl-C (tests). */
  fetch?: typeof fetch;
  jobPollMs?: number;
  jobSignal?: AbortSignal;
}
