import { coverage, missingWords, nodesText, sourceText } from './text-coverage';
import type { SourcePost, Warning } from './types';

// What an import did (or, with --dry-run, would do): counts per kind of item and outcome, and every warning with the
// source item's id, printed at the end of the run.

export type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped';
export type Tally = (kind: string, outcome: Outcome, by?: number) => void;

export interface ImportReport {
  source: string;
  dryRun: boolean;
  counts: Record<string, Record<Outcome, number>>;
  warnings: Warning[];
  /** Remote media the export links but does not carry: left pointing at the old site. */
  remoteMedia: string[];
  /** Per post: the share of the source's words found in its imported text (text-coverage.ts). */
  coverage: { mean: number; worst: number; worstItem?: string };
}

export function newReport(source: string, dryRun: boolean): { report: ImportReport; tally: Tally } {
  const report: ImportReport = {
    source,
    dryRun,
    counts: {},
    warnings: [],
    remoteMedia: [],
    coverage: { mean: 1, worst: 1 },
  };
  const tally: Tally = (kind, outcome, by = 1) => {
    report.counts[kind] ??= { created: 0, updated: 0, unchanged: 0, skipped: 0 };
    report.counts[kind][outcome] += by;
  };
  return { report, tally };
}

/** One post's text kept (text-coverage.ts), kept as the report's worst when it is; answers the share. */
export function noteCoverage(report: ImportReport, post: SourcePost, nodes: readonly unknown[]): number {
  const source = sourceText(post.body);
  const shown = nodesText(nodes);
  const share = coverage(source, shown);
  if (share < report.coverage.worst) {
    report.coverage.worst = share;
    report.coverage.worstItem = `${post.sourceId}, missing: ${missingWords(source, shown).join(' ')}`;
  }
  return share;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The report as the CLI prints it. */
export function formatReport(report: ImportReport): string {
  const verb = report.dryRun ? 'would be ' : '';
  const lines = [`${report.dryRun ? 'Dry run: nothing was written. ' : ''}Import from ${report.source}:`];
  for (const [kind, counts] of Object.entries(report.counts)) {
    const parts = (['created', 'updated', 'unchanged', 'skipped'] as const)
      .filter((outcome) => counts[outcome])
      .map((outcome) => `${counts[outcome]} ${outcome === 'unchanged' ? 'unchanged' : `${verb}${outcome}`}`);
    lines.push(`  ${kind}: ${parts.join(', ') || 'none'}`);
  }
  lines.push(
    `  text kept: mean ${percent(report.coverage.mean)}, worst ${percent(report.coverage.worst)}${report.coverage.worstItem ? ` (${report.coverage.worstItem})` : ''}`,
  );
  if (report.remoteMedia.length) {
    lines.push(
      `  ${report.remoteMedia.length} media address(es) the export does not carry (left as they are; the import never fetches):`,
    );
    for (const url of report.remoteMedia.slice(0, 20)) lines.push(`    ${url}`);
    if (report.remoteMedia.length > 20) lines.push(`    … and ${report.remoteMedia.length - 20} more`);
  }
  if (report.warnings.length) {
    lines.push(`  ${report.warnings.length} warning(s):`);
    for (const w of report.warnings) lines.push(`    ${w.item}: ${w.message}`);
  }
  return lines.join('\n');
}
