import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_TMP } from './support/builds';
import { ROOT, start, sleep, type Started } from './support/process';
import { fmtInt, median, notMeasured, row, type Row } from './support/table';

// Figure 1, throughput: requests/s of each cached page and a few API calls under the same load as a floor (a
// one-page Next app of the same version), as a ratio to that floor; then the same through nginx with a microcache,
// as a ratio to nginx serving a static file. autocannon on loopback, one load at a time, rounds alternating between
// targets so a drift of the machine hits every target alike; the median of the rounds is reported.

export interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Held to the ≥ 0.9 target (cached pages); the rest are reported for information. */
  cachedPage: boolean;
}

export const QUERY_BODY = JSON.stringify({ query: { filter: { featured: true }, cursorPaging: { limit: 10 } } });

export const TARGETS: Target[] = [
  { name: 'post page', path: '/post/what-lcp-actually-measures', cachedPage: true },
  { name: 'feed /', path: '/', cachedPage: true },
  { name: 'category page', path: '/categories/performance', cachedPage: true },
  // The same pages in the second language (app/[lang]): prerendered alike, so held to the same target.
  { name: 'post page (es)', path: '/es/post/que-mide-realmente-el-lcp', cachedPage: true },
  { name: 'feed /es', path: '/es', cachedPage: true },
  { name: 'GET /api/posts', path: '/api/posts', cachedPage: false },
  {
    name: 'POST /api/posts/query',
    path: '/api/posts/query',
    method: 'POST',
    body: QUERY_BODY,
    headers: { 'content-type': 'application/json' },
    cachedPage: false,
  },
  // A 139-byte static route: the per-request cost of Next's route-handler path without a page (for information).
  { name: '/robots.txt', path: '/robots.txt', cachedPage: false },
];

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(
  url: string,
  target: Pick<Target, 'method' | 'body' | 'headers'>,
  seconds: number,
  connections = 32,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.headers,
    timeout: 10,
  });
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface Series {
  name: string;
  url: string;
  target: Target | { method?: undefined; body?: undefined; headers?: undefined; cachedPage: false };
}

/** Alternating rounds over every series; returns the median requests/s of each, and its error count. */
export async function rounds(series: Series[], seconds: number, count: number, log: (line: string) => void) {
  const samples = new Map<string, LoadResult[]>();
  // Warm-up under the same load: JIT, caches, connections (a 1 s warm-up left the first round of the floor 40% low).
  for (const s of series) await load(s.url, s.target, Math.min(seconds, 3));
  for (let r = 1; r <= count; r++) {
    for (const s of series) {
      const result = await load(s.url, s.target, seconds);
      samples.set(s.name, [...(samples.get(s.name) ?? []), result]);
      log(
        `    round ${r} ${s.name.padEnd(28)} ${fmtInt(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms${result.errors + result.non2xx ? `  errors ${result.errors} non-2xx ${result.non2xx}` : ''}`,
      );
    }
  }
  return new Map(
    [...samples].map(([name, list]) => [
      name,
      {
        rps: median(list.map((l) => l.rps)),
        p50: median(list.map((l) => l.p50)),
        bad: list.reduce((n, l) => n + l.errors + l.non2xx, 0),
      },
    ]),
  );
}

export interface ThroughputOptions {
  appUrl: string;
  floorUrl: string;
  seconds: number;
  rounds: number;
  /** Where the blog listens, for nginx's upstream. */
  appPort: number;
  nginxPort: number;
  log?: (line: string) => void;
}

const ratioRow = (
  group: string,
  name: string,
  rps: number,
  base: number,
  baseName: string,
  cachedPage: boolean,
  bad: number,
): Row => {
  const ratio = rps / base;
  const measured = `${ratio.toFixed(2)} (${fmtInt(rps)} / ${fmtInt(base)} req/s${bad ? `; ${bad} errors or non-2xx` : ''})`;
  return row(
    group,
    `${name} vs ${baseName}`,
    cachedPage ? '≥ 0.90' : '—',
    measured,
    cachedPage ? ratio >= 0.9 && bad === 0 : null,
  );
};

export async function benchThroughput(options: ThroughputOptions): Promise<Row[]> {
  const log = options.log ?? console.log;
  const rows: Row[] = [];
  log(`  direct: 32 connections, ${options.seconds} s, ${options.rounds} rounds (median)`);
  const direct: Series[] = [
    { name: 'floor', url: `${options.floorUrl}/`, target: { cachedPage: false } },
    { name: "floor, a page of a post page's size", url: `${options.floorUrl}/sized`, target: { cachedPage: false } },
    ...TARGETS.map((t) => ({ name: t.name, url: options.appUrl + t.path, target: t })),
  ];
  const measured = await rounds(direct, options.seconds, options.rounds, log);
  const floor = measured.get('floor')!;
  rows.push(
    row(
      '1',
      'floor: one static page, same Next, no proxy',
      '—',
      `${fmtInt(floor.rps)} req/s (p50 ${floor.p50} ms)`,
      null,
    ),
  );
  for (const t of TARGETS) {
    const m = measured.get(t.name)!;
    rows.push(ratioRow('1', t.name, m.rps, floor.rps, 'floor', t.cachedPage, m.bad));
  }
  // For information: the floor app serving a page as heavy as a post page, and the post page against it (what the
  // blog adds per request, apart from what any Next app pays for a page of that size).
  const sized = measured.get("floor, a page of a post page's size")!;
  const post = measured.get(TARGETS[0]!.name)!;
  const bytes = async (url: string) => (await (await fetch(url)).arrayBuffer()).byteLength;
  const [sizedBytes, postBytes] = await Promise.all([
    bytes(`${options.floorUrl}/sized`),
    bytes(options.appUrl + TARGETS[0]!.path),
  ]);
  rows.push(
    row(
      '1',
      `floor, a static page of ${fmtInt(sizedBytes)} bytes (the post page: ${fmtInt(postBytes)})`,
      '—',
      `${fmtInt(sized.rps)} req/s; ${(sized.rps / floor.rps).toFixed(2)} of the floor`,
      null,
    ),
  );
  rows.push(ratioRow('1', `${TARGETS[0]!.name}`, post.rps, sized.rps, 'the floor page of its size', false, post.bad));

  // Behind nginx.
  const nginx = nginxBinary();
  if (!nginx) {
    rows.push(
      notMeasured(
        '1',
        'behind nginx microcache vs nginx static file',
        '≥ 0.90',
        'nginx missing (apt-get install -y nginx)',
      ),
    );
    return rows;
  }
  let proc: Started | null = null;
  try {
    proc = await startNginx(nginx, options.appPort, options.nginxPort);
    const base = `http://127.0.0.1:${options.nginxPort}`;
    log(`  behind nginx ${base} (scripts/bench/nginx.conf, 1 s microcache honouring Cache-Control)`);
    // Each cached page is compared with nginx serving the same bytes from a file: what the microcache costs,
    // apart from the page's size (a 48 KB page moves fewer requests a second than a 30-byte file, cached or not).
    const copies = new Map<string, string>();
    for (const [i, t] of TARGETS.entries()) {
      if (!t.cachedPage) continue;
      const name = `page-${i}.html`;
      await writeFile(
        path.join(nginxPrefix(options.nginxPort), 'html/bench-static', name),
        Buffer.from(await (await fetch(options.appUrl + t.path)).arrayBuffer()),
      );
      copies.set(t.name, `${base}/bench-static/${name}`);
    }
    const viaNginx: Series[] = [
      { name: 'nginx static file', url: `${base}/bench-static/hello.html`, target: { cachedPage: false } },
      ...TARGETS.map((t) => ({ name: t.name, url: base + t.path, target: t })),
      ...[...copies].map(([name, url]) => ({ name: `${name} as a file`, url, target: { cachedPage: false as const } })),
    ];
    const behind = await rounds(viaNginx, options.seconds, options.rounds, log);
    // What nginx did with each page (X-Cache: HIT while the microcache holds it), and what the app said of it.
    for (const t of TARGETS.filter((target) => target.cachedPage)) {
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(base + t.path, { headers: { 'accept-encoding': 'identity' } });
        await response.arrayBuffer();
        seen.push(`${response.headers.get('x-cache')} (${response.headers.get('cache-control')})`);
      }
      log(`    ${t.name.padEnd(28)} X-Cache ${seen.join(', ')}`);
    }
    const staticFile = behind.get('nginx static file')!;
    rows.push(
      row(
        '1',
        'nginx: a static file (30 bytes)',
        '—',
        `${fmtInt(staticFile.rps)} req/s (p50 ${staticFile.p50} ms)`,
        null,
      ),
    );
    for (const t of TARGETS) {
      const m = behind.get(t.name)!;
      const copy = behind.get(`${t.name} as a file`);
      if (copy)
        rows.push(
          ratioRow(
            '1',
            `${t.name} via nginx`,
            m.rps,
            copy.rps,
            'nginx serving its bytes as a file',
            t.cachedPage,
            m.bad,
          ),
        );
      else rows.push(ratioRow('1', `${t.name} via nginx`, m.rps, staticFile.rps, 'nginx static', false, m.bad));
    }
  } catch (error) {
    rows.push(
      notMeasured(
        '1',
        'behind nginx microcache vs nginx static file',
        '≥ 0.90',
        `nginx failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
      ),
    );
  } finally {
    await proc?.stop();
  }
  return rows;
}

export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'])
    if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * nginx in the foreground with scripts/bench/nginx.conf, its placeholders filled in; everything under a temp prefix.
 */
/** The folder nginx listening on `port` runs in (its configuration, cache, logs and static files). */
export const nginxPrefix = (port: number) => path.join(BENCH_TMP, `nginx-${port}`);

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
