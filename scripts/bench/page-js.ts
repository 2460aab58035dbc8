import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

// What JavaScript each kind of page makes the browser download: the script files it references (gzip bytes),
// and, apart, the inline React Server Components data Next embeds in the HTML.

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`;
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
];

const kib = (n: number) => `${(n / 1024).toFixed(1).padStart(6)} KiB`;

async function startServer(): Promise<ChildProcess | null> {
  if (process.env.BENCH_URL) return null;
  const dist = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(`${dist}/BUILD_ID`)) throw new Error(`no production build in ${dist}: run \`npx next build\` first (or set BENCH_URL)`);
  const server = spawn('npx', ['next', 'start', '-p', String(PORT), '-H', '127.0.0.1'], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${BASE}/robots.txt`).then((r) => r.ok, () => false)) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

export async function benchPageJs() {
  const server = await startServer();
  try {
    const scriptSizes = new Map<string, number>();
    const rows: { path: string; status: number; files: number; external: number; inline: number }[] = [];
    for (const path of PAGES) {
      const response = await fetch(`${BASE}${path}`);
      const html = await response.text();
      // `noModule` scripts are polyfills that module-capable browsers never download.
      const sources = [...html.matchAll(/<script([^>]+)>/g)]
        .filter((m) => !/\bnomodule\b/i.test(m[1]!))
        .flatMap((m) => /\bsrc="([^"]+)"/.exec(m[1]!)?.[1] ?? []);
      let external = 0;
      for (const src of sources) {
        if (!scriptSizes.has(src)) scriptSizes.set(src, gzipSync(Buffer.from(await (await fetch(new URL(src, BASE))).arrayBuffer())).length);
        external += scriptSizes.get(src)!;
      }
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + gzipSync(m[1]!).length, 0);
      rows.push({ path, status: response.status, files: sources.length, external, inline });
    }
    const smallest = Math.min(...rows.map((r) => r.external));
    console.log(`\nJavaScript per page (gzip), against ${BASE}`);
    console.log(`  ${'page'.padEnd(40)} status  files   script files   vs smallest   inline RSC data`);
    for (const r of rows) {
      console.log(`  ${r.path.padEnd(40)} ${String(r.status).padEnd(6)}  ${String(r.files).padStart(5)}   ${kib(r.external)}     ${(r.external / smallest).toFixed(3)}x     ${kib(r.inline)}`);
    }
    const posts = rows.filter((r) => r.path.startsWith('/post/') && r.status === 200);
    const worst = Math.max(...posts.map((r) => r.external / smallest));
    console.log(`  post pages' script files are within ${((worst - 1) * 100).toFixed(1)}% of the smallest page (target: 10%)`);
    if (worst > 1.1) process.exitCode = 1;
  } finally {
    if (server?.pid) process.kill(-server.pid);
  }
}
