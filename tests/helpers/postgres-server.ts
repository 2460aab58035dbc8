import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chownSync, constants, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { skipWithout } from '../../scripts/ci/services';
import { freePort } from './redis-server';

// A throwaway Postgres server for a test: its own cluster in a temp folder, on 127.0.0.1 at a free port, with a
// password, no fsync, stopped (and restartable) by the test. initdb refuses to run as root, so as root the server's
// commands run as the `postgres` user. Without the binaries (Debian's `postgresql`: .ci/run installs it)
// `postgresServerMissing` says why the tests skip (or, in CI, fail: scripts/ci/services.ts).

const execFileAsync = promisify(execFile);

/** The folder holding initdb, pg_ctl and postgres: PATH, Debian's versioned folders (newest first), /usr/local/bin. */
function findBinaries(): string | undefined {
  const debian = (() => {
    try {
      return readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`);
    } catch {
      return [];
    }
  })();
  const folders = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...debian, '/usr/local/bin'];
  return folders.find((folder) =>
    ['initdb', 'pg_ctl', 'postgres'].every((name) => {
      try {
        accessSync(path.join(folder, name), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

/** As root: the `postgres` user's uid and gid (initdb and postgres refuse root). Else: run as ourselves. */
function serverUser(): { uid: number; gid: number } | undefined | 'missing' {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return 'missing';
  }
}

const bin = findBinaries();
const user = serverUser();

/** Why Postgres tests cannot run here, or null when they can. */
export const postgresServerMissing: string | null = !bin
  ? 'initdb, pg_ctl and postgres were not found in PATH, /usr/lib/postgresql/*/bin or /usr/local/bin (Debian: apt-get install postgresql; .ci/run installs it)'
  : user === 'missing'
    ? 'running as root and there is no `postgres` user to run the server as'
    : null;

/**
 * Whether `tests` (which start their own server) skip here: without the binaries, yes, and in CI `declare` (vitest's
 * `it`, Playwright's `test`) adds a test in their place that fails naming them (scripts/ci/services.ts).
 */
export const skipWithoutPostgres = (tests: string, declare: (name: string, body: () => void) => void) =>
  skipWithout({ service: 'PostgreSQL (initdb, pg_ctl, postgres)', missing: postgresServerMissing, tests }, declare);

/** A throwaway cluster: its folder, the URL to reach it, and init / start / stop. */
export class PostgresServer {
  folder = '';
  data = '';
  // Characters a URL must encode, so a test can show the password reaches the server decoded and no message shows it.
  readonly password = `pw:/@${randomBytes(6).toString('hex')}`;
  port = 0;
  running = false;

  private get options() {
    return { cwd: this.folder, ...(typeof user === 'object' && { uid: user.uid, gid: user.gid }) };
  }

  get url() {
    return `postgres://blog:${encodeURIComponent(this.password)}@127.0.0.1:${this.port}/postgres`;
  }

  private run(command: string, args: string[]) {
    if (!bin) throw new Error(postgresServerMissing!);
    return execFileAsync(path.join(bin, command), args, { ...this.options, timeout: 60_000 });
  }

  async init() {
    this.folder = mkdtempSync(path.join(tmpdir(), 'data-postgres-'));
    this.data = path.join(this.folder, 'data');
    if (typeof user === 'object') chownSync(this.folder, user.uid, user.gid);
    const pwfile = path.join(this.folder, 'pw');
    writeFileSync(pwfile, this.password, { mode: 0o600 });
    if (typeof user === 'object') chownSync(pwfile, user.uid, user.gid);
    this.port = await freePort();
    // The embedded database's locale (PGlite): text compares by code point, lower() folds all of Unicode.
    await this.run('initdb', [
      '-D',
      this.data,
      '-U',
      'blog',
      `--pwfile=${pwfile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '-E',
      'UTF8',
      '--lc-collate=C',
      '--lc-ctype=C.UTF-8',
      '--no-sync',
    ]);
    rmSync(pwfile);
  }

  async start() {
    // Loopback only; the socket in our folder; no fsync (a test cluster).
    const options = `-h 127.0.0.1 -p ${this.port} -k ${this.folder} -F`;
    await this.run('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.folder, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      'start',
    ]);
    this.running = true;
  }

  async stop(mode: 'fast' | 'immediate' = 'fast') {
    await this.run('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '30', 'stop']);
    this.running = false;
  }

  /** The process is ending without afterAll (an interrupted run): no server stays behind. */
  readonly stopNow = () => {
    if (!this.running || !bin) return;
    spawnSync(path.join(bin, 'pg_ctl'), ['-D', this.data, '-m', 'immediate', '-w', 'stop'], this.options);
    this.running = false;
  };

  /** Stops the server (when running) and removes its folder; the exit hook of `startPostgresServer` goes too. */
  async dispose() {
    try {
      if (this.running) await this.stop();
    } finally {
      process.off('exit', this.stopNow);
      if (this.folder) rmSync(this.folder, { recursive: true, force: true });
    }
  }
}

/** A new cluster, initialised and started, stopped at the latest when this process exits; `dispose()` it when done. */
export async function startPostgresServer(): Promise<PostgresServer> {
  if (postgresServerMissing) throw new Error(postgresServerMissing);
  const server = new PostgresServer();
  process.on('exit', server.stopNow);
  try {
    await server.init();
    await server.start();
  } catch (error) {
    await server.dispose().catch(() => {});
    throw error;
  }
  return server;
}
