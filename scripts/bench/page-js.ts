import { gzipSync } from 'node:zlib';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tools';
import { row, type Row } from './support/table';

// Figure 3. What JavaScript each kind of page makes the browser download: the script files it references (gzip bytes),
// and, apart, the inline React Server Components data Next embeds in the HTML.

const PAGES = [
  '/',
  '/page/2',
  '/categories/performance',
  '/tags/caching',
  '/hashtags/webperf',
  '/search?q=cache',
  '/post/every-block-our-editor-supports',
  '/post/what-lcp-actually-measures',
  '/post/no-such-post',
  // The second language's pages (app/[lang]).
  '/es',
  '/es/categories/rendimiento',
  '/es/post/que-mide-realmente-el-lcp',
];

/**
 * The owner's pages, measured apart (never the public's budget): the dashboard, and the editor's first load, whose
 * scripts (Tiptap, ProseMirror) load on the dashboard's editor pages only.
 */
const OWNER_PAGES = ['/dashboard', '/dashboard/posts/new'];
export const EDITOR_PAGE = '/dashboard/posts/new';

const kib = (n: number) => `${(n / 1024).toFixed(1).padStart(6)} KiB`;

export interface PageJs {
  path: string;
  status: number;
  files: number;
  external: number;
  inline: number;
  /** An owner's page (signed in), not one of the public's. */
  owner?: boolean;
}

/**
 * Script bytes (gzip) each page makes the browser download, against a running site; with the site's SESSION_SECRET,
 * the owner's pages too.
 */
export async function measurePageJs(
  base: string,
  log: (line: string) => void = console.log,
  sessionSecret?: string,
): Promise<PageJs[]> {
  const scriptSizes = new Map<string, number>();
  const rows: PageJs[] = [];
  const owner = sessionSecret ? { cookie: `${SESSION_COOKIE}=${signSession(sessionSecret).token}` } : undefined;
  const pages: { path: string; owner?: { cookie: string } }[] = [
    ...PAGES.map((path) => ({ path })),
    ...(owner ? OWNER_PAGES.map((path) => ({ path, owner })) : []),
  ];
  for (const { path, owner: headers } of pages) {
    const response = await fetch(`${base}${path}`, { headers });
    const html = await response.text();
    // `noModule` scripts are polyfills that module-capable browsers never download.
    const sources = [...html.matchAll(/<script([^>]+)>/g)]
      .filter((m) => !/\bnomodule\b/i.test(m[1]!))
      .flatMap((m) => /\bsrc="([^"]+)"/.exec(m[1]!)?.[1] ?? []);
    let external = 0;
    for (const src of sources) {
      if (!scriptSizes.has(src))
        scriptSizes.set(src, gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer())).length);
      external += scriptSizes.get(src)!;
    }
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ].reduce((n, m) => n + gzipSync(m[1]!).length, 0);
    rows.push({ path, status: response.status, files: sources.length, external, inline, owner: Boolean(headers) });
  }
  const smallest = Math.min(...rows.filter((r) => !r.owner).map((r) => r.external));
  log(`  JavaScript per page (gzip), against ${base}`);
  log(`    ${'page'.padEnd(40)} status  files   script files   vs smallest   inline RSC data`);
  for (const r of rows) {
    log(
      `    ${r.path.padEnd(40)} ${String(r.status).padEnd(6)}  ${String(r.files).padStart(5)}   ${kib(r.external)}     ${(r.external / smallest).toFixed(3)}x     ${kib(r.inline)}`,
    );
  }
  return rows;
}

/** Figure 3: post, feed and category pages within 10% of the smallest page's script bytes. */
export function pageJsRows(all: PageJs[]): Row[] {
  const pages = all.filter((p) => !p.owner);
  const editor = all.find((p) => p.path === EDITOR_PAGE && p.status === 200);
  const smallest = pages.reduce((a, b) => (b.external < a.external ? b : a));
  const pick = (label: string, test: (p: PageJs) => boolean) => {
    const list = pages.filter((p) => test(p) && p.status === 200);
    if (!list.length) return row('3', `${label}: script vs smallest page`, '≤ +10%', 'not measured: no 200 page', null);
    const worst = list.reduce((a, b) => (b.external > a.external ? b : a));
    const over = worst.external / smallest.external - 1;
    return row(
      '3',
      `${label}: script vs smallest page (${smallest.path})`,
      '≤ +10%',
      `+${(over * 100).toFixed(1)}% (${kib(worst.external).trim()} vs ${kib(smallest.external).trim()}, ${worst.path})`,
      over <= 0.1,
    );
  };
  return [
    pick('post pages', (p) => /^(\/es)?\/post\//.test(p.path)),
    pick('feed', (p) => /^(\/es)?(\/|\/page\/\d+)?$/.test(p.path)),
    pick('category page', (p) => /^(\/es)?\/categories\//.test(p.path)),
    row(
      '3',
      `the editor's first load (${EDITOR_PAGE}, the owner's; not a public page)`,
      '—',
      editor
        ? `${kib(editor.external).trim()} of script (${(editor.external / smallest.external).toFixed(2)}x the smallest public page)`
        : 'not measured (no session secret, or not a 200)',
      null,
    ),
  ];
}
