import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { APP_SITE_URL } from './support/builds';
import { cleanEnv, NEXT_BIN, ROOT, run, startNext } from './support/process';
import { fmtInt, fmtMs, median, row, type Row } from './support/table';
import { load } from './support/load';

// What costs time per request on a cached page (not part of the default run: `npm run bench -- --only causes`).
// A throwaway copy of the app (.next-bench-copy/, git-ignored) is built in variants, each changing one piece of
// per-request work against the app as shipped, and each is measured like figure 1 against the same floor:
//   baseline         the app as it is;
//   with ETags       Next's default generateEtags (a hash of the whole HTML on every request);
//   no cache handler without the custom page cache handler (lib/core/cache/page-cache-handler.mjs);
//   no headers()     without next.config's headers() (security headers, CSP);
//   no proxy         without proxy.ts (its matcher already skips public pages);
// and, on the baseline, the same page asked with Accept-Encoding: gzip (what browsers send; Next compresses).

const COPY = path.join(ROOT, '.next-bench-copy');
const PORT = 3250;
const FILES = /^(app|components|lib|public)\/|^(proxy|instrumentation|next\.config)\.ts$|^(tsconfig|package)\.json$/;

interface Variant {
  name: string;
  edit: Array<{ file: string; from: RegExp; to: string }>;
}

const WITH_ETAGS = { file: 'next.config.mjs', from: /generateEtags: false/, to: 'generateEtags: true' };
const NO_CACHE_HANDLER = { file: 'next.config.mjs', from: /^\s*cacheHandler:.*\n/m, to: '' };
const NO_HEADERS = { file: 'next.config.mjs', from: /\n\s*async headers\(\) \{[\s\S]*?\n {2}\},/, to: '' };
const NO_PROXY = { file: 'proxy.ts', from: /^[\s\S]*$/, to: '' };

const VARIANTS: Variant[] = [
  { name: 'baseline', edit: [] },
  { name: 'with ETags', edit: [WITH_ETAGS] },
  { name: 'no cache handler', edit: [NO_CACHE_HANDLER] },
  { name: 'no headers()', edit: [NO_HEADERS] },
  { name: 'no proxy', edit: [NO_PROXY] },
];

const PAGES = [
  { name: 'post page', path: '/post/what-lcp-actually-measures' },
  { name: 'feed /', path: '/' },
  { name: '/robots.txt', path: '/robots.txt' },
];

async function freshCopy() {
  await rm(COPY, { recursive: true, force: true });
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => FILES.test(f) && existsSync(path.join(ROOT, f)));
  for (const f of files) {
    await mkdir(path.dirname(path.join(COPY, f)), { recursive: true });
    await cp(path.join(ROOT, f), path.join(COPY, f));
  }
}

export async function benchCauses(options: {
  contentDir: string;
  floorUrl: string;
  seconds: number;
  rounds: number;
  log?: (line: string) => void;
}): Promise<Row[]> {
  const log = options.log ?? console.log;
  const rows: Row[] = [];
  const results: Array<{ variant: string; floor: number; pages: Map<string, number> }> = [];
  try {
    for (const [i, variant] of VARIANTS.entries()) {
      await freshCopy();
      for (const e of variant.edit) {
        const file = path.join(COPY, e.file);
        const text = readFileSync(file, 'utf8');
        if (!e.from.test(text))
          throw new Error(`variant "${variant.name}": ${e.file} no longer matches ${e.from}; update causes.ts`);
        if (e === NO_PROXY) await rm(file);
        else writeFileSync(file, text.replace(e.from, e.to));
      }
      const dist = `.next-v${i}`;
      const ms = await run(`causes-build-${i}`, process.execPath, [NEXT_BIN, 'build'], {
        cwd: COPY,
        env: {
          ...cleanEnv(),
          NEXT_TELEMETRY_DISABLED: '1',
          NODE_ENV: 'production',
          NEXT_DIST_DIR: dist,
          BLOG_SOURCE: 'local',
          BLOG_CONTENT_DIR: options.contentDir,
          SITE_URL: APP_SITE_URL,
        },
      });
      log(`  ${variant.name}: built in ${fmtMs(ms)}`);
      const server = await startNext({
        name: `causes-${i}`,
        port: PORT,
        dir: COPY,
        dist,
        env: { BLOG_SOURCE: 'local', BLOG_CONTENT_DIR: options.contentDir, SITE_URL: APP_SITE_URL },
      });
      try {
        const series = [
          { name: 'floor', url: `${options.floorUrl}/`, headers: undefined as Record<string, string> | undefined },
          ...PAGES.map((p) => ({
            name: p.name,
            url: server.url + p.path,
            headers: undefined as Record<string, string> | undefined,
          })),
        ];
        if (i === 0)
          series.push({
            name: 'post page, Accept-Encoding: gzip',
            url: server.url + PAGES[0]!.path,
            headers: { 'accept-encoding': 'gzip' },
          });
        for (const s of series) await load(s.url, { headers: s.headers }, Math.min(options.seconds, 3));
        const samples = new Map<string, number[]>();
        for (let r = 0; r < options.rounds; r++) {
          for (const s of series)
            samples.set(s.name, [
              ...(samples.get(s.name) ?? []),
              (await load(s.url, { headers: s.headers }, options.seconds)).rps,
            ]);
        }
        const floor = median(samples.get('floor')!);
        const pages = new Map([...samples].filter(([k]) => k !== 'floor').map(([k, v]) => [k, median(v)]));
        results.push({ variant: variant.name, floor, pages });
        log(
          `    floor ${fmtInt(floor)} req/s; ${[...pages].map(([k, v]) => `${k} ${fmtInt(v)} (${(v / floor).toFixed(2)})`).join(', ')}`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await rm(COPY, { recursive: true, force: true });
  }
  const base = results[0]!;
  for (const r of results) {
    for (const [page, rps] of r.pages) {
      const change = r === base ? '' : `; ${((rps / base.pages.get(page)! - 1) * 100).toFixed(0)}% vs baseline`;
      rows.push(
        row(
          '1',
          `cause: ${r.variant}, ${page}`,
          '—',
          `${(rps / r.floor).toFixed(2)} of floor (${fmtInt(rps)} / ${fmtInt(r.floor)} req/s${change})`,
          null,
        ),
      );
    }
  }
  return rows;
}
