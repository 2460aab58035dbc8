// The one table the suite prints and writes into docs/benchmarks.md.

export interface Row {
  /** Which figure (1–8) of the suite, for grouping. */
  group: string;
  figure: string;
  target: string;
  measured: string;
  /** true: target met; false: missed; null: not measured, or no target (information only). */
  met: boolean | null;
}

export const row = (group: string, figure: string, target: string, measured: string, met: boolean | null): Row => ({
  group,
  figure,
  target,
  measured,
  met,
});

/** A figure that could not be measured: the reason goes in the table instead of failing the suite. */
export const notMeasured = (group: string, figure: string, target: string, reason: string): Row =>
  row(group, figure, target, `not measured: ${reason}`, null);

const verdict = (r: Row) => (r.met === true ? 'met' : r.met === false ? '**missed**' : r.target === '—' ? '—' : 'n/a');

const escape = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(rows: Row[]): string {
  const lines = ['| # | figure | target | measured | met |', '| --- | --- | --- | --- | --- |'];
  for (const r of rows)
    lines.push(`| ${r.group} | ${escape(r.figure)} | ${escape(r.target)} | ${escape(r.measured)} | ${verdict(r)} |`);
  return lines.join('\n');
}

export function consoleTable(rows: Row[]): string {
  const cells = rows.map((r) => [r.group, r.figure, r.target, r.measured, verdict(r).replace(/\*/g, '')]);
  const head = ['#', 'figure', 'target', 'measured', 'met'];
  const widths = head.map((h, i) => Math.min(i === 3 ? 70 : 58, Math.max(h.length, ...cells.map((c) => c[i]!.length))));
  const fmt = (c: string[]) => c.map((v, i) => (i === 4 ? v : v.padEnd(widths[i]!))).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(fmt)].join('\n');
}

export const median = (values: number[]) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const fmtMs = (ms: number) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(1)} ms`;
export const fmtMiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
