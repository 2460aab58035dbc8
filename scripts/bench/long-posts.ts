import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeContentIndex } from '../generate-content';
import { LONG_POST_WORDS, longPostSlug, synthLongPost } from '../content/long';
import { writeJson } from '../content/write';
import { demoContentCopy, OWNER_PASSWORD, SESSION_SECRET } from './support/builds';
import { ROOT, startNext, type Started } from './support/process';
import { fmtInt, notMeasured, row, type Row } from './support/table';
import { rounds, type Series } from './support/load';
import { nginxBinary, nginxPrefix, startNginx } from './support/nginx';

// Long posts (issue 33): posts of 1,500 to 12,000 words with images, code, tables, a video and embeds
// (scripts/content/long.ts), added to a copy of the demo content and served by the blog's bench build. For each,
// the page's bytes (HTML, the inline RSC payload, gzip) and its cached requests/s, directly as a ratio to the floor
// app serving a static page of the same size, and through the shipped nginx config as a ratio to nginx serving the
// same bytes from a file; all in the same alternating rounds. Writes docs/benchmarks/long-posts.svg.

export interface LongPostsOptions {
  floorUrl: string;
  port: number;
  nginxPort: number;
  seconds: number;
  rounds: number;
  /** The demo post, for a point below the long ones (its path on the blog). */
  reference: string;
  log?: (line: string) => void;
}

export interface PageBytes {
  html: number;
  /** The `self.__next_f.push(...)` scripts: the RSC payload React hydrates from. */
  payload: number;
  gzip: number;
}

export function pageBytes(html: string): PageBytes {
  const payload = [...html.matchAll(/<script>(self\.__next_f\.push\([\s\S]*?)<\/script>/g)].reduce(
    (n, m) => n + Buffer.byteLength(m[1]!),
    0,
  );
  return { html: Buffer.byteLength(html), payload, gzip: gzipSync(html).length };
}

async function fetchText(url: string) {
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { text, cache: response.headers.get('x-nextjs-cache') };
}

/**
 * The floor's `/sized/N` whose page weighs `bytes`: its weight is linear in N (the text, twice), so two probes fix
 * the line and a third checks it.
 */
async function floorPathOfSize(floorUrl: string, bytes: number): Promise<{ path: string; bytes: number }> {
  const weigh = async (n: number) => Buffer.byteLength((await fetchText(`${floorUrl}/sized/${n}`)).text);
  const [a, b] = [1_000, 100_000];
  const [wa, wb] = [await weigh(a), await weigh(b)];
  const n = Math.max(0, Math.round(a + ((bytes - wa) * (b - a)) / (wb - wa)));
  const got = await weigh(n);
  await weigh(n); // the second request is a cache hit, as every measured one will be
  return { path: `/sized/${n}`, bytes: got };
}

interface Point {
  name: string;
  words: number | null;
  path: string;
  bytes: PageBytes;
  floorPath: string;
  floorBytes: number;
}

export async function benchLongPosts(options: LongPostsOptions): Promise<Row[]> {
  const log = options.log ?? console.log;
  const contentDir = await demoContentCopy('content-long-posts');
  for (const words of LONG_POST_WORDS) {
    const post = synthLongPost(words);
    await writeJson(path.join(contentDir, 'posts', `${post.id}.json`), post, false);
  }
  await writeContentIndex(contentDir);
  const server = await startNext({
    name: 'long-posts',
    port: options.port,
    fromDist: '.next-bench',
    dist: '.next-bench-run-long',
    env: {
      BLOG_SOURCE: 'local',
      BLOG_CONTENT_DIR: contentDir,
      SITE_URL: `http://127.0.0.1:${options.port}`,
      OWNER_PASSWORD,
      SESSION_SECRET,
    },
  });
  let nginx: Started | null = null;
  const rows: Row[] = [];
  try {
    const points: Point[] = [];
    const pages = [
      { name: 'demo post', words: null, path: options.reference },
      ...LONG_POST_WORDS.map((words) => ({
        name: `${fmtInt(words)} words`,
        words,
        path: `/post/${longPostSlug(words)}`,
      })),
    ];
    for (const page of pages) {
      await fetchText(server.url + page.path); // rendered on the first request (not prerendered), then cached
      const { text, cache } = await fetchText(server.url + page.path);
      if (cache !== 'HIT') log(`    warning: ${page.path} answered x-nextjs-cache ${cache} on its second request`);
      const bytes = pageBytes(text);
      const floor = await floorPathOfSize(options.floorUrl, bytes.html);
      points.push({ ...page, bytes, floorPath: floor.path, floorBytes: floor.bytes });
      log(
        `    ${page.name.padEnd(14)} HTML ${fmtInt(bytes.html).padStart(9)} B  payload ${fmtInt(bytes.payload).padStart(9)} B (${pct(bytes.payload / bytes.html)})  gzip ${fmtInt(bytes.gzip).padStart(7)} B  floor page ${fmtInt(floor.bytes)} B`,
      );
    }

    log(`  direct: 32 connections, ${options.seconds} s, ${options.rounds} rounds (median)`);
    const direct: Series[] = points.flatMap((p) => [
      { name: p.name, url: server.url + p.path, target: { cachedPage: false as const } },
      { name: `floor ${p.name}`, url: options.floorUrl + p.floorPath, target: { cachedPage: false as const } },
    ]);
    const measured = await rounds(direct, options.seconds, options.rounds, log);

    const binary = nginxBinary();
    let behind: Awaited<ReturnType<typeof rounds>> | null = null;
    if (binary) {
      nginx = await startNginx(binary, options.port, options.nginxPort);
      const base = `http://127.0.0.1:${options.nginxPort}`;
      const viaNginx: Series[] = [];
      for (const [i, p] of points.entries()) {
        const file = `long-${i}.html`;
        await writeFile(
          path.join(nginxPrefix(options.nginxPort), 'html/bench-static', file),
          (await fetchText(server.url + p.path)).text,
        );
        viaNginx.push(
          { name: p.name, url: base + p.path, target: { cachedPage: false } },
          { name: `file ${p.name}`, url: `${base}/bench-static/${file}`, target: { cachedPage: false } },
        );
      }
      log(`  behind nginx ${base} (scripts/bench/nginx.conf)`);
      behind = await rounds(viaNginx, options.seconds, options.rounds, log);
    }

    const table = [
      '| post | HTML | inline payload | gzip | direct req/s | floor, same size | ratio | via nginx req/s | nginx, same file | ratio |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    const plot: PlotPoint[] = [];
    for (const p of points) {
      const app = measured.get(p.name)!;
      const floor = measured.get(`floor ${p.name}`)!;
      const viaNginx = behind?.get(p.name);
      const file = behind?.get(`file ${p.name}`);
      const direct = app.rps / floor.rps;
      const proxied = viaNginx && file ? viaNginx.rps / file.rps : null;
      table.push(
        `| ${p.name} | ${kb(p.bytes.html)} | ${kb(p.bytes.payload)} (${pct(p.bytes.payload / p.bytes.html)}) | ${kb(p.bytes.gzip)} | ${fmtInt(app.rps)} | ${fmtInt(floor.rps)} | ${direct.toFixed(2)} | ${viaNginx ? fmtInt(viaNginx.rps) : '—'} | ${file ? fmtInt(file.rps) : '—'} | ${proxied?.toFixed(2) ?? '—'} |`,
      );
      plot.push({ bytes: p.bytes.html, app: app.rps, floor: floor.rps, nginx: viaNginx?.rps, file: file?.rps });
      const held = p.words === LONG_POST_WORDS.at(-1);
      rows.push(
        row(
          '13',
          `long post, ${p.name}: ${kb(p.bytes.html)} HTML, payload ${pct(p.bytes.payload / p.bytes.html)}, vs the floor's page of its size`,
          held ? '≥ 0.90' : '—',
          `${direct.toFixed(2)} (${fmtInt(app.rps)} / ${fmtInt(floor.rps)} req/s)`,
          held ? direct >= 0.9 && app.bad === 0 : null,
        ),
      );
      if (viaNginx && file)
        rows.push(
          row(
            '13',
            `long post, ${p.name}, via nginx vs nginx serving its bytes as a file`,
            held ? '≥ 0.90' : '—',
            `${proxied!.toFixed(2)} (${fmtInt(viaNginx.rps)} / ${fmtInt(file.rps)} req/s)`,
            held ? proxied! >= 0.9 && viaNginx.bad === 0 : null,
          ),
        );
      else if (held) rows.push(notMeasured('13', `long post, ${p.name}, via nginx`, '≥ 0.90', 'nginx missing'));
    }
    log(`\n${table.join('\n')}\n`);
    const svg = path.join(ROOT, 'docs/benchmarks/long-posts.svg');
    await writeFile(svg, plotSvg(plot));
    await writeFile(path.join(ROOT, 'docs/benchmarks/long-posts.md'), `${table.join('\n')}\n`);
    log(`  wrote ${path.relative(ROOT, svg)} and docs/benchmarks/long-posts.md`);
  } finally {
    await nginx?.stop();
    await server.stop();
  }
  return rows;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const pct = (share: number) => `${Math.round(share * 100)}%`;

interface PlotPoint {
  bytes: number;
  app: number;
  floor: number;
  nginx?: number;
  file?: number;
}

/** Requests/s against page bytes, both axes logarithmic: falling no faster than the bytes grow is a slope ≥ -1. */
export function plotSvg(points: PlotPoint[]): string {
  const [w, h, left, bottom, top, right] = [720, 420, 70, 50, 20, 180];
  const xs = points.map((p) => p.bytes);
  const ys = points.flatMap((p) => [p.app, p.floor, p.nginx ?? p.app, p.file ?? p.app]);
  const [x0, x1] = [Math.log10(Math.min(...xs) / 1.3), Math.log10(Math.max(...xs) * 1.3)];
  const [y0, y1] = [Math.log10(Math.min(...ys) / 1.5), Math.log10(Math.max(...ys) * 1.5)];
  const X = (bytes: number) => left + ((Math.log10(bytes) - x0) / (x1 - x0)) * (w - left - right);
  const Y = (rps: number) => top + (1 - (Math.log10(rps) - y0) / (y1 - y0)) * (h - top - bottom);
  const series: Array<[string, string, (p: PlotPoint) => number | undefined]> = [
    ['blog, direct', '#1f4fd8', (p) => p.app],
    ['floor app, same size', '#8aa4ea', (p) => p.floor],
    ['blog via nginx', '#c2410c', (p) => p.nginx],
    ['nginx, same file', '#f3a77c', (p) => p.file],
  ];
  const ticks = (from: number, to: number) => {
    const out: number[] = [];
    for (let e = Math.floor(from); e <= Math.ceil(to); e++)
      for (const m of [1, 2, 5])
        if (Math.log10(m * 10 ** e) >= from && Math.log10(m * 10 ** e) <= to) out.push(m * 10 ** e);
    return out;
  };
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${w}" height="${h}" fill="#fff"/>`,
    ...ticks(x0, x1).map(
      (t) =>
        `<line x1="${X(t)}" x2="${X(t)}" y1="${top}" y2="${h - bottom}" stroke="#eee"/><text x="${X(t)}" y="${h - bottom + 16}" text-anchor="middle">${t >= 1e6 ? `${t / 1e6} MB` : `${t / 1e3} KB`}</text>`,
    ),
    ...ticks(y0, y1).map(
      (t) =>
        `<line x1="${left}" x2="${w - right}" y1="${Y(t)}" y2="${Y(t)}" stroke="#eee"/><text x="${left - 6}" y="${Y(t) + 4}" text-anchor="end">${fmtInt(t)}</text>`,
    ),
    `<text x="${(left + w - right) / 2}" y="${h - 10}" text-anchor="middle">page bytes (HTML, log scale)</text>`,
    `<text transform="translate(16 ${(top + h - bottom) / 2}) rotate(-90)" text-anchor="middle">requests/s (log scale)</text>`,
  ];
  for (const [i, [label, colour, value]] of series.entries()) {
    const at = points.flatMap((p) => (value(p) === undefined ? [] : [[X(p.bytes), Y(value(p)!)] as const]));
    if (!at.length) continue;
    parts.push(
      `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${at.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}"/>`,
      ...at.map(([x, y]) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="3" fill="${colour}"/>`),
      `<line x1="${w - right + 16}" x2="${w - right + 36}" y1="${top + 14 + i * 20}" y2="${top + 14 + i * 20}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${w - right + 42}" y="${top + 18 + i * 20}">${label}</text>`,
    );
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
