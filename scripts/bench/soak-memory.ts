import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { fmtMiB } from './support/table';

// The soak's memory (figure 8): the live heap after each full collection, read from the server's --trace-gc log; the
// samples' means per window; and a long run's curve, as docs/benchmarks/soak.svg and the table of soak.md.

export interface Sample {
  /** Seconds since the measured load began. */
  t: number;
  rss: number;
  /** The live heap after the last full collection so far (V8's --trace-gc), and the heap V8 kept then. */
  heap?: number;
  heapKept?: number;
}

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

/** The live heap after the last full collection the log at `file` shows so far, and the heap V8 kept then (bytes). */
export function lastFullGc(file: string) {
  const gcLog = tail(file);
  let heap: { live: number; kept: number } | undefined;
  return () => {
    for (const m of gcLog().matchAll(FULL_GC))
      heap = { live: Number(m[3]) * 1024 ** 2, kept: Number(m[4]) * 1024 ** 2 };
    return heap;
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export interface Window {
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

/** A long run's curve per minute, as the table of docs/benchmarks/soak.md. */
export function soakTable(curve: Window[]): string {
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
