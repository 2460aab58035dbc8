import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_TMP } from './builds';
import { ROOT, start, sleep, type Started } from './process';

// nginx in front of the blog, for the figures measured behind a proxy (throughput, cluster, long posts): where its
// binary is, and a server on scripts/bench/nginx.conf.

export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'])
    if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The folder nginx listening on `port` runs in (its configuration, cache, logs and static files). */
export const nginxPrefix = (port: number) => path.join(BENCH_TMP, `nginx-${port}`);

/**
 * nginx in the foreground with scripts/bench/nginx.conf, its placeholders filled in; everything under a temp prefix.
 */
export async function startNginx(binary: string, upstreamPort: number | number[], port: number): Promise<Started> {
  const prefix = nginxPrefix(port);
  // Several upstreams: one `server` line each, nginx balancing round-robin over their kept-alive connections.
  const upstreams = [upstreamPort].flat().map((p) => `127.0.0.1:${p}`);
  await rm(prefix, { recursive: true, force: true });
  for (const sub of ['cache', 'temp', 'html/bench-static', 'logs'])
    await mkdir(path.join(prefix, sub), { recursive: true });
  await writeFile(path.join(prefix, 'html/bench-static/hello.html'), '<!doctype html><p>hello</p>\n');
  for (const sub of ['', 'cache', 'temp', 'html', 'html/bench-static', 'logs'])
    chmodSync(path.join(prefix, sub), 0o777);
  const template = readFileSync(path.join(ROOT, 'scripts/bench/nginx.conf'), 'utf8');
  const conf = template
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{UPSTREAM}}', upstreams.join(';\n    server '))
    .replaceAll('{{USER}}', process.getuid?.() === 0 ? 'user nobody nogroup;' : '');
  const file = path.join(prefix, 'nginx.conf');
  await writeFile(file, conf);
  const proc = start('nginx', binary, ['-p', prefix, '-c', file, '-g', 'daemon off;']);
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/bench-static/hello.html`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return proc;
    if (proc.child.exitCode !== null) break;
    await sleep(50);
  }
  await proc.stop();
  throw new Error(`nginx did not start; see ${proc.log} and ${prefix}/logs/error.log`);
}
