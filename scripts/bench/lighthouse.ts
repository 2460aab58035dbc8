import * as chromeLauncher from 'chrome-launcher';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, notMeasured, row, type Row } from './support/table';

// Figure 2, Lighthouse: the feed and a post, mobile (Lighthouse's default: emulated phone, simulated slow 4G and
// 4x CPU slowdown), performance, accessibility, best practices and SEO; the median score of each over the runs.
// Lighthouse 12 is the newest major that runs on Node 20 (13 needs Node 22.19); Chromium is Debian's.

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const LABEL: Record<(typeof CATEGORIES)[number], string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};
export const LIGHTHOUSE_PAGES = [
  { name: 'feed', path: '/' },
  { name: 'post', path: '/post/what-lcp-actually-measures' },
];

const chromium = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Lighthouse is fetched on the bench's first run, not by `npm install`: it is ~130 packages and ~180 MB (Puppeteer,
 * Sentry, OpenTelemetry) that nothing but this figure runs, and every clone's install downloaded them. Kept in
 * node_modules/.cache, so `npm ci` starts it over and no linter or type check sees it.
 */
const LIGHTHOUSE = 'lighthouse@12.8.2';
const TOOLS = path.resolve('node_modules/.cache/bench-lighthouse');

/** What this figure reads of Lighthouse's report (its `lhr`). */
interface Report {
  lhr?: {
    runtimeError?: { code: string; message: string };
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
    audits: Record<string, { score: number | null; displayValue?: string } | undefined>;
  };
}
type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<Report | undefined>;

async function loadLighthouse(log: (line: string) => void): Promise<Lighthouse> {
  const entry = path.join(TOOLS, 'node_modules/lighthouse/core/index.js');
  if (!existsSync(entry)) {
    log(`    fetching ${LIGHTHOUSE} into ${path.relative(process.cwd(), TOOLS)} (once)`);
    execFileSync(
      'npm',
      ['install', '--prefix', TOOLS, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', LIGHTHOUSE],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return ((await import(pathToFileURL(entry).href)) as { default: Lighthouse }).default;
}

/**
 * `floorUrl`: the bench's floor app, whose page of a post page's size is audited the same way for information:
 * what the same Next version scores on this machine with no application code at all.
 */
export async function benchLighthouse(
  baseUrl: string,
  runs: number,
  log: (line: string) => void = console.log,
  floorUrl?: string,
): Promise<Row[]> {
  if (!existsSync(chromium()))
    return [
      notMeasured(
        '2',
        'Lighthouse (feed, post)',
        '100 each',
        `no Chromium at ${chromium()} (apt-get install -y chromium, or CHROMIUM_PATH)`,
      ),
    ];
  const lighthouse = await loadLighthouse(log);
  const rows: Row[] = [];
  const pages = [
    ...LIGHTHOUSE_PAGES.map((page) => ({ ...page, url: baseUrl + page.path, floor: false })),
    ...(floorUrl
      ? [{ name: "the floor app's page of a post page's size", path: '/sized', url: `${floorUrl}/sized`, floor: true }]
      : []),
  ];
  for (const page of pages) {
    const scores = new Map<string, number[]>();
    const audits = new Map<string, string>();
    for (let i = 0; i < runs; i++) {
      // A fresh browser per run: no warm HTTP cache or connection from the previous one.
      const chrome = await chromeLauncher.launch({
        chromePath: chromium(),
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
        logLevel: 'silent',
      });
      try {
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('Lighthouse returned no report');
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        for (const c of CATEGORIES) {
          const score = Math.round((lhr.categories[c]?.score ?? 0) * 100);
          scores.set(c, [...(scores.get(c) ?? []), score]);
          // What cost points: every scored audit of the category below 1.
          for (const ref of lhr.categories[c]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
              audits.set(`${c}: ${ref.id}`, `${audit.displayValue ?? ''}`.trim());
          }
        }
        const metrics = [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ].map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? '?'}`);
        log(
          `    ${page.name} run ${i + 1}: ${CATEGORIES.map((c) => `${LABEL[c]} ${scores.get(c)!.at(-1)}`).join(', ')}; ${metrics.join(', ')}`,
        );
      } finally {
        await chrome.kill();
      }
    }
    if (audits.size)
      log(
        `    ${page.name}: audits below full score: ${[...audits].map(([k, v]) => (v ? `${k} (${v})` : k)).join('; ')}`,
      );
    for (const c of page.floor ? (['performance'] as const) : CATEGORIES) {
      const m = median(scores.get(c)!);
      const measured = `${m}${runs > 1 ? ` (median of ${runs}: ${scores.get(c)!.join(', ')})` : ' (1 run)'}`;
      rows.push(
        row(
          '2',
          `Lighthouse mobile, ${page.name} (${page.path}): ${LABEL[c]}`,
          page.floor ? '—' : '100',
          measured,
          page.floor ? null : m >= 100,
        ),
      );
    }
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rows = await benchLighthouse(process.argv[2] ?? 'http://127.0.0.1:3210', Number(process.argv[3] ?? 1));
  for (const r of rows) console.log(`${r.figure}: ${r.measured}`);
}
