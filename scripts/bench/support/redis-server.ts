import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';

// A throwaway redis-server on 127.0.0.1 for a test or the bench: no persistence, a free port, stopped (and restartable)
// by its user; keyspace notifications on, as the cache handler needs. Debian's `redis-server` package; where it is not
// installed, `redisServerMissing` says why the tests skip (or, in CI, fail: scripts/ci/services.ts).

const binary = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
})();

/** Why Redis tests cannot run here, or null when they can. */
export const redisServerMissing = binary
  ? null
  : 'redis-server is not installed (Debian: apt-get install redis-server; .ci/run installs it)';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function waitForPort(port: number, up: boolean) {
  const { connect } = await import('node:net');
  for (let i = 0; i < 200; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open === up) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`redis-server on ${port} did not ${up ? 'start' : 'stop'}`);
}

/** A server on `port` (a free one when not given: a test may start one where a client already tries to connect). */
export async function startRedisServer(fixedPort?: number): Promise<RedisServer> {
  if (!binary) throw new Error(redisServerMissing!);
  const port = fixedPort ?? (await freePort());
  let child: ChildProcess | null = null;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        binary,
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--notify-keyspace-events',
          'Exe',
        ],
        {
          stdio: 'ignore',
        },
      );
      await waitForPort(port, true);
    },
    async stop() {
      if (!child) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      child = null;
      await waitForPort(port, false);
    },
  };
  await server.start();
  return server;
}
