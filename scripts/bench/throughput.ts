import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rounds, type Series, type Target } from './support/load';
import { nginxBinary, nginxPrefix, startNginx } from './support/nginx';
import type { Started } from './support/process';
import { fmtInt, notMeasured, row, type Row } from './support/table';

// Figure 1, throughput: requests/s of each cached page and a few API calls under the same load as a floor (a
// one-page Next app of the same version), as a ratio to that floor; then the same through nginx with a microcache,
// as a ratio to nginx serving a static file. autocannon on loopback, one load at a time, rounds alternating between
// targets so a drift of the machine hits every target alike; the median of the rounds is reported (support/load.ts).

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
