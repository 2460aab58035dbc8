import autocannon from 'autocannon';
import { fmtInt, median } from './table';

// The load the throughput figures put on a server: autocannon on loopback, 32 connections by default, and rounds
// alternating between targets so a drift of the machine hits every target alike (the median of the rounds is
// reported). Figures 1 (throughput, causes), 10 (cluster) and 13 (long posts) measure with it.

/** A page or an API call put under load. */
export interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Held to the ≥ 0.9 target (cached pages); the rest are reported for information. */
  cachedPage: boolean;
}

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
