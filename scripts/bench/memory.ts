import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_SITE_URL, OWNER_PASSWORD, SESSION_SECRET } from './support/builds';
import { ensureCorpus } from './support/corpus';
import { processTree, startNext, timed } from './support/process';
import { fmtMiB, row, type Row } from './support/table';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tools';

// Memory at 1,000 posts (issue 33): the blog's server over a generated corpus of 1,000 posts, warmed up by a
// reader's and the owner's requests (every kind of page, 60 posts, search, the JSON API, the dashboard), then its
// resident memory split by what holds it, read from /proc/PID/smaps of the server's process tree:
// - the database: PGlite runs Postgres compiled to WebAssembly, whose memory is one anonymous mapping of 128 MiB or
//   more (its initial size; V8's heap is made of small chunks), of which only the touched pages are resident;
// - code: the node binary, shared libraries and mapped files;
// - the JavaScript heap and everything else anonymous (Next's caches, the content index, buffers).

export interface MemoryOptions {
  port: number;
  posts?: number;
  log?: (line: string) => void;
}

interface Parts {
  wasm: number;
  code: number;
  heap: number;
  total: number;
}

/** Resident bytes of a process tree by kind of mapping (see above). */
export function memoryParts(pid: number): Parts {
  const parts: Parts = { wasm: 0, code: 0, heap: 0, total: 0 };
  for (const p of processTree(pid)) {
    let smaps: string;
    try {
      smaps = readFileSync(`/proc/${p}/smaps`, 'utf8');
    } catch {
      continue;
    }
    let size = 0;
    let file = false;
    for (const line of smaps.split('\n')) {
      const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
      if (header) {
        size = parseInt(header[2]!, 16) - parseInt(header[1]!, 16);
        file = header[3] !== '0' && header[4]!.startsWith('/');
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (!rss) continue;
      const bytes = Number(rss[1]) * 1024;
      parts.total += bytes;
      if (file) parts.code += bytes;
      else if (size >= 128 * 1024 ** 2) parts.wasm += bytes;
      else parts.heap += bytes;
    }
  }
  return parts;
}

/** One server over the corpus and `data`, warmed up; its memory at start and after. */
async function measure(
  options: MemoryOptions,
  corpus: string,
  data: string,
  label: string,
  log: (line: string) => void,
) {
  const server = await startNext({
    name: `memory-${label.replace(/\W+/g, '-')}`,
    port: options.port,
    fromDist: '.next-bench',
    dist: '.next-bench-run-memory',
    readyPath: '/api/stats/total',
    timeoutMs: 300_000,
    env: {
      BLOG_SOURCE: 'local',
      BLOG_CONTENT_DIR: corpus,
      DATA_DIR: data,
      SITE_URL: APP_SITE_URL,
      OWNER_PASSWORD,
      SESSION_SECRET,
      TRUST_PROXY_HOPS: '0',
    },
  });
  try {
    const started = memoryParts(server.pid);
    const listed = JSON.parse((await timed(`${server.url}/api/posts?paging.limit=60`)).body) as {
      posts: Array<{ slug: string }>;
    };
    const cookie = `${SESSION_COOKIE}=${signSession(SESSION_SECRET).token}`;
    const paths = [
      '/',
      '/page/2',
      '/page/40',
      '/categories/performance',
      '/tags/caching',
      '/search?q=cache',
      '/feed.xml',
      '/sitemap.xml',
      '/api/posts',
      ...listed.posts.map((p) => `/post/${p.slug}`),
    ];
    for (let round = 0; round < 3; round++) {
      for (const p of paths) {
        const r = await timed(server.url + p, { timeoutMs: 120_000 });
        if (r.status !== 200) log(`    warning: ${p} answered ${r.status}`);
      }
      await timed(`${server.url}/dashboard`, { headers: { cookie }, timeoutMs: 120_000 });
    }
    const warm = memoryParts(server.pid);
    const line = (when: string, m: Parts) =>
      `${when}: ${fmtMiB(m.total)} (database ${fmtMiB(m.wasm)}, JavaScript heap and other ${fmtMiB(m.heap)}, code ${fmtMiB(m.code)})`;
    log(`  ${label}: ${line('started', started)}; ${line('after warm-up', warm)}`);
    return { started, warm };
  } finally {
    await server.stop();
  }
}

export async function benchMemory(options: MemoryOptions): Promise<Row[]> {
  const log = options.log ?? console.log;
  const posts = options.posts ?? 1_000;
  const corpus = await ensureCorpus(posts, log);
  const data = await mkdtemp(path.join(tmpdir(), 'blog-bench-memory-'));
  try {
    const rows: Row[] = [];
    // First on a new data folder (the first start of an install: the database is made), then restarted on it.
    for (const label of ['first start, new data folder', 'restart, existing data folder']) {
      const { started, warm } = await measure(options, corpus, data, label, log);
      rows.push(
        row(
          '14',
          `RSS at ${posts.toLocaleString('en-US')} posts after warm-up, ${label} (database / heap and other / code)`,
          '< 300 MiB',
          `${fmtMiB(warm.total)} (${fmtMiB(warm.wasm)} / ${fmtMiB(warm.heap)} / ${fmtMiB(warm.code)}); at start ${fmtMiB(started.total)}`,
          warm.total < 300 * 1024 * 1024,
        ),
      );
    }
    return rows;
  } finally {
    await rm(data, { recursive: true, force: true });
  }
}
