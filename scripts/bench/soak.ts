import autocannon from 'autocannon';
import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { signingKey } from '@/lib/edge/webhooks/keys';
import { ContentFolder } from '../blog/content-folder';
import { postToken, signEvent } from '../blog/deliver';
import { updatePost } from '../blog/posts';
import { assertScratchFolder, probePost, restorePost } from '../blog/probe';
import { cookiesOf } from './paid-read';
import { QUERY_BODY } from './throughput';
import { APP_SITE_URL, OWNER_PASSWORD, SESSION_SECRET, demoContentCopy } from './support/builds';
import { ROOT, sleep, startNext, treeRss } from './support/process';
import { fmtInt, fmtMiB, fmtMs, row, type Row } from './support/table';

// Figure 8, soak: the blog's own server over a copy of the demo content, run with V8's --trace-gc so the live heap
// after each full collection can be read from its log. For the whole run:
// - readers: autocannon, 8 connections, cycling through pages and the JSON API;
// - members: one request a second from members who joined at the start, in turn: a like, their session, a comment on
//   the probe post, the post's comments, the comment deleted, the like taken back (the data stays the same size);
// - the platform: the CLI's retitle of the probe post every second (write-then-rename + a signed event), so the feed,
//   its category and the post keep being cleared and rendered again.
// Every member request comes from an address of its own (X-Forwarded-For, one proxy hop trusted), as a blog's
// readers do: the per-address limits (comments, likes, joins) are not what is measured.
// Passes with zero errors. Memory: a short run compares the RSS of its last 10 s with its first 10 s (within 15%);
// a long one (`--minutes`, 10 or more) compares the last minute with the minute at its half-way mark (under 3%), and
// writes the curve to docs/benchmarks/soak.svg and soak.md. SOAK_NODE_ARGS adds options for the server's node, e.g.
// `--max-old-space-size=256` for a heap the size V8 takes on a small machine.

export interface SoakOptions {
  port: number;
  seconds: number;
  warmupSeconds: number;
  /** Write the curve into docs/benchmarks/ (long runs only). */
  write?: boolean;
  log?: (line: string) => void;
}

interface Sample {
  /** Seconds since the measured load began. */
  t: number;
  rss: number;
  /** The live heap after the last full collection so far (V8's --trace-gc), and the heap V8 kept then. */
  heap?: number;
  heapKept?: number;
}

/** 10 s windows for a short run, minutes for a long one. */
const LONG_S = 600;

/** `Mark-Compact 102.4 (133.8) -> 80.9 (132.5) MB`: the heap before and after a full collection (MB, and kept). */
const FULL_GC = /Mark-Compact[^\n]*?([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/g;

/** Reads what a log file gained since the last call. */
function tail(file: string) {
  let offset = 0;
  return () => {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size <= offset) return '';
      const buffer = Buffer.alloc(size - offset);
      readSync(fd, buffer, 0, buffer.length, offset);
      // Up to the last whole line.
      const text = buffer.toString('utf8');
      const end = text.lastIndexOf('\n') + 1;
      offset += Buffer.byteLength(text.slice(0, end));
      return text.slice(0, end);
    } finally {
      closeSync(fd);
    }
  };
}

/** A distinct client address for the n-th member request (10.0.0.0/8). */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export async function benchSoak(options: SoakOptions): Promise<Row[]> {
  const log = options.log ?? console.log;
  const contentDir = await demoContentCopy('content-soak');
  const folder = new ContentFolder(contentDir);
  assertScratchFolder(folder);
  const key = await signingKey({ contentDir: folder.dir });
  const probe = await probePost(folder);
  const data = await mkdtemp(path.join(tmpdir(), 'blog-bench-soak-'));
  const server = await startNext({
    name: 'soak',
    port: options.port,
    fromDist: '.next-bench',
    dist: '.next-bench-run-soak',
    nodeArgs: ['--trace-gc', ...(process.env.SOAK_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: {
      BLOG_SOURCE: 'local',
      BLOG_CONTENT_DIR: contentDir,
      DATA_DIR: data,
      SITE_URL: APP_SITE_URL,
      OWNER_PASSWORD,
      SESSION_SECRET,
      MEMBERS_EMAIL_VERIFICATION: 'false',
      TRUST_PROXY_HOPS: '1',
    },
  });
  try {
    return await soak(options, { url: server.url, pid: server.pid, log: server.log }, folder, key, probe, log);
  } finally {
    await server.stop();
    await rm(data, { recursive: true, force: true });
    await rm(contentDir, { recursive: true, force: true });
  }
}

async function soak(
  options: SoakOptions,
  server: { url: string; pid: number; log: string },
  folder: ContentFolder,
  key: Awaited<ReturnType<typeof signingKey>>,
  probe: Awaited<ReturnType<typeof probePost>>,
  log: (line: string) => void,
): Promise<Row[]> {
  const long = options.seconds >= LONG_S;
  const postId = probe.post.id;
  const requests = [
    { method: 'GET' as const, path: '/' },
    { method: 'GET' as const, path: `/post/${probe.post.slug}` },
    { method: 'GET' as const, path: '/categories/performance' },
    { method: 'GET' as const, path: '/page/2' },
    { method: 'GET' as const, path: '/tags/caching' },
    { method: 'GET' as const, path: '/post/every-block-our-editor-supports' },
    { method: 'GET' as const, path: '/api/posts?paging.limit=12' },
    {
      method: 'POST' as const,
      path: '/api/posts/query',
      body: QUERY_BODY,
      headers: { 'content-type': 'application/json' },
    },
    { method: 'GET' as const, path: '/api/stats/total' },
    { method: 'GET' as const, path: '/feed.xml' },
    { method: 'GET' as const, path: '/search?q=cache' },
  ];
  const loadFor = (seconds: number) =>
    autocannon({
      url: server.url,
      connections: 8,
      duration: seconds,
      requests,
      timeout: 10,
    }) as Promise<autocannon.Result>;

  // Members join, each from its own address.
  let clients = 0;
  const call = (pathname: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(server.url + pathname, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      headers: {
        'x-forwarded-for': address(++clients),
        ...(init.cookie && { cookie: init.cookie }),
        ...(init.body && typeof init.body === 'string' && { 'content-type': 'application/json' }),
        ...init.headers,
      },
    });
  const members: string[] = [];
  for (let i = 0; i < 4; i++) {
    const joined = await call('/api/members/join', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: `soak-${i}-${Date.now()}@example.com`,
        password: 'soak member password',
        displayName: `Soak ${i}`,
      }),
    });
    const cookie = cookiesOf(joined);
    if (!cookie.includes('member_session=')) throw new Error(`a member could not join (HTTP ${joined.status})`);
    members.push(cookie);
  }

  log(
    `  warm-up ${options.warmupSeconds} s, then ${options.seconds} s of mixed load (${requests.length} URLs, 8 connections), ` +
      `a member's request and an edit event every second`,
  );
  const warm = await loadFor(options.warmupSeconds);
  const samples: Sample[] = [];
  const events: Array<{ status: number; ms: number }> = [];
  const memberCalls: Array<{ what: string; status: number }> = [];
  let running = true;
  const began = performance.now();
  const elapsed = () => (performance.now() - began) / 1000;

  const gcLog = tail(server.log);
  let heap: { live: number; kept: number } | undefined;
  const sampler = (async () => {
    while (running) {
      for (const m of gcLog().matchAll(FULL_GC))
        heap = { live: Number(m[3]) * 1024 ** 2, kept: Number(m[4]) * 1024 ** 2 };
      samples.push({ t: elapsed(), rss: treeRss(server.pid), heap: heap?.live, heapKept: heap?.kept });
      await sleep(long ? 5000 : 500);
    }
  })();
  const every = (action: (i: number) => Promise<void>) =>
    (async () => {
      let i = 0;
      while (running) {
        const next = began + ++i * 1000;
        await sleep(Math.max(0, next - performance.now()));
        if (running) await action(i);
      }
    })();
  const webhooks = every(async (i) => {
    const change = await updatePost(folder, postId, { title: `Soak ${i} ${Date.now().toString(36)}` });
    const delivery = await postToken(server.url, await signEvent(change.event!, key));
    events.push({ status: delivery.status, ms: delivery.ms });
  });
  // Each member in turn walks the same six steps, so comments and likes come and go.
  const written = new Map<string, string>();
  const steps: Array<[string, (cookie: string) => Promise<Response>, number]> = [
    ['like', (cookie) => call(`/api/posts/${postId}/likes`, { method: 'POST', cookie, body: '{}' }), 200],
    ['session', (cookie) => call('/api/members/session', { cookie }), 200],
    [
      'comment',
      async (cookie) => {
        const r = await call(`/api/posts/${postId}/comments`, {
          method: 'POST',
          cookie,
          body: JSON.stringify({ text: `A soak comment, ${new Date().toISOString()}` }),
        });
        if (r.status === 201) written.set(cookie, ((await r.json()) as { comment: { id: string } }).comment.id);
        return r;
      },
      201,
    ],
    ['comments', (cookie) => call(`/api/posts/${postId}/comments`, { cookie }), 200],
    [
      'delete comment',
      (cookie) => call(`/api/comments/${written.get(cookie) ?? 'none'}`, { method: 'DELETE', cookie }),
      200,
    ],
    [
      'unlike',
      (cookie) => call(`/api/posts/${postId}/likes`, { method: 'POST', cookie, body: '{"intent":"unlike"}' }),
      200,
    ],
  ];
  const memberLoad = every(async (i) => {
    const member = members[Math.floor((i - 1) / steps.length) % members.length]!;
    const [what, send, expected] = steps[(i - 1) % steps.length]!;
    const status = await send(member).then(
      async (r) => {
        await r.arrayBuffer().catch(() => undefined);
        return r.status;
      },
      () => 0,
    );
    memberCalls.push({ what, status: status === expected ? 200 : status });
  });

  let result: autocannon.Result;
  try {
    result = await loadFor(options.seconds);
  } finally {
    running = false;
    await Promise.all([sampler, webhooks, memberLoad]);
    await restorePost(folder, server.url, probe);
  }

  const failedEvents = events.filter((e) => e.status !== 200).length;
  const failedMembers = memberCalls.filter((c) => c.status !== 200);
  const errors = result.errors + result.timeouts + result.non2xx + failedEvents + failedMembers.length;
  log(
    `  ${fmtInt(result.requests.total)} requests (${fmtInt(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms); ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; ${events.length} events, ${failedEvents} not 200, webhook max ${fmtMs(Math.max(...events.map((e) => e.ms)))}; ` +
      `${memberCalls.length} member requests, ${failedMembers.length} failed${failedMembers.length ? ` (${[...new Set(failedMembers.map((c) => `${c.what} ${c.status}`))].join(', ')})` : ''}; warm-up ${fmtInt(warm.requests.total)} requests`,
  );

  const window = long ? 60 : 10;
  const curve = windows(samples, options.seconds, window);
  log(
    `  RSS per ${window} s: ${curve.map((w) => fmtMiB(w.rss)).join(', ')}\n` +
      `  live heap after full collections, per ${window} s: ${curve.map((w) => (w.heap ? fmtMiB(w.heap) : '-')).join(', ')}`,
  );
  const errorsRow = row(
    '8',
    `soak ${long ? `${Math.round(options.seconds / 60)} min` : `${options.seconds} s`}: pages + API, members' likes and comments, an event every second`,
    '0 errors',
    `${errors} errors (${fmtInt(result.requests.total)} requests, ${result.non2xx} non-2xx, ${result.errors + result.timeouts} failed; ${events.length} events, ${failedEvents} not 200; ${memberCalls.length} member requests, ${failedMembers.length} failed)`,
    errors === 0,
  );
  const last = curve.at(-1)!;
  if (!long) {
    const first = curve[0]!;
    const growth = last.rss / first.rss - 1;
    return [
      errorsRow,
      row(
        '8',
        `soak: RSS last ${window} s vs first ${window} s`,
        'within 15%',
        `${fmtMiB(first.rss)} → ${fmtMiB(last.rss)} (${signed(growth)})`,
        Math.abs(growth) <= 0.15,
      ),
    ];
  }
  const half = curve[Math.floor(curve.length / 2) - 1]!;
  const growth = last.rss / half.rss - 1;
  const heapGrowth = half.heap && last.heap ? last.heap / half.heap - 1 : undefined;
  if (options.write) {
    const svg = path.join(ROOT, 'docs/benchmarks/soak.svg');
    await writeFile(svg, soakSvg(samples, options.seconds));
    await writeFile(path.join(ROOT, 'docs/benchmarks/soak.md'), soakTable(curve));
    log(`  wrote ${path.relative(ROOT, svg)} and docs/benchmarks/soak.md`);
  }
  return [
    errorsRow,
    row(
      '8',
      `soak: RSS growth over the last half (minute ${half.end / 60} → minute ${last.end / 60}); live heap`,
      '< 3%',
      `${fmtMiB(half.rss)} → ${fmtMiB(last.rss)} (${signed(growth)}); live heap ${half.heap ? fmtMiB(half.heap) : '-'} → ${last.heap ? fmtMiB(last.heap) : '-'}${heapGrowth === undefined ? '' : ` (${signed(heapGrowth)})`}`,
      growth < 0.03,
    ),
  ];
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface Window {
  /** The window's end, in seconds since the load began. */
  end: number;
  rss: number;
  heap?: number;
}

/** The samples' means per window of `size` seconds (the live heap: the last full collection's in the window). */
export function windows(samples: Sample[], seconds: number, size: number): Window[] {
  const out: Window[] = [];
  for (let end = size; end <= seconds + size / 2; end += size) {
    const inside = samples.filter((s) => s.t > end - size && s.t <= end);
    if (!inside.length) continue;
    out.push({ end, rss: mean(inside.map((s) => s.rss)), heap: inside.at(-1)!.heap });
  }
  return out;
}

function soakTable(curve: Window[]): string {
  const lines = ['| minute | RSS | live heap after full collection |', '| ---: | ---: | ---: |'];
  for (const w of curve) lines.push(`| ${w.end / 60} | ${fmtMiB(w.rss)} | ${w.heap ? fmtMiB(w.heap) : '-'} |`);
  return `${lines.join('\n')}\n`;
}

/** RSS and the live heap against minutes, linear axes from zero. */
export function soakSvg(samples: Sample[], seconds: number): string {
  const [w, h, left, bottom, top, right] = [720, 360, 70, 50, 20, 200];
  const mib = (b: number) => b / 1024 ** 2;
  const yMax = Math.ceil(Math.max(...samples.map((s) => mib(s.rss))) / 100) * 100 + 50;
  const X = (t: number) => left + (t / seconds) * (w - left - right);
  const Y = (v: number) => top + (1 - v / yMax) * (h - top - bottom);
  const minutes = seconds / 60;
  const step = minutes > 20 ? 5 : minutes > 5 ? 2 : 1;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${w}" height="${h}" fill="#fff"/>`,
  ];
  for (let m = 0; m <= minutes; m += step)
    parts.push(
      `<line x1="${X(m * 60)}" x2="${X(m * 60)}" y1="${top}" y2="${h - bottom}" stroke="#eee"/><text x="${X(m * 60)}" y="${h - bottom + 16}" text-anchor="middle">${m}</text>`,
    );
  for (let v = 0; v <= yMax; v += 100)
    parts.push(
      `<line x1="${left}" x2="${w - right}" y1="${Y(v)}" y2="${Y(v)}" stroke="#eee"/><text x="${left - 6}" y="${Y(v) + 4}" text-anchor="end">${v}</text>`,
    );
  parts.push(
    `<line x1="${X(seconds / 2)}" x2="${X(seconds / 2)}" y1="${top}" y2="${h - bottom}" stroke="#999" stroke-dasharray="4 4"/>`,
    `<text x="${(left + w - right) / 2}" y="${h - 10}" text-anchor="middle">minutes of load</text>`,
    `<text transform="translate(16 ${(top + h - bottom) / 2}) rotate(-90)" text-anchor="middle">MiB</text>`,
  );
  const series: Array<[string, string, (s: Sample) => number | undefined]> = [
    ['RSS (process tree)', '#1f4fd8', (s) => s.rss],
    ['heap V8 kept', '#f3a77c', (s) => s.heapKept],
    ['live heap after full GC', '#c2410c', (s) => s.heap],
  ];
  for (const [i, [label, colour, value]] of series.entries()) {
    const at = samples.flatMap((s) => (value(s) === undefined ? [] : [[X(s.t), Y(mib(value(s)!))] as const]));
    if (at.length)
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${at.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}"/>`,
      );
    parts.push(
      `<line x1="${w - right + 16}" x2="${w - right + 36}" y1="${top + 14 + i * 20}" y2="${top + 14 + i * 20}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${w - right + 42}" y="${top + 18 + i * 20}">${label}</text>`,
    );
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
