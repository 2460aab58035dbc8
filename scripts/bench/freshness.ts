import { fmtMs, median, row, type Row } from './support/table';
import { measureFreshness } from './webhook-latency';

// Figure 5, freshness: event sent → first fresh page over verified edits of one post, written two ways (see
// webhook-latency.ts): by the CLI (write-then-rename) and in place (plain writeFile, same inode). Every edit must be
// fresh on the first request after the webhook's 200, and the slowest under 1 s.

export async function benchFreshness(options: {
  siteUrl: string;
  contentDir: string;
  edits: number;
  log?: (line: string) => void;
}): Promise<Row[]> {
  const rows: Row[] = [];
  for (const mode of ['cli', 'in-place'] as const) {
    const r = await measureFreshness({ ...options, mode });
    const max = Math.max(...r.latencies);
    const label = mode === 'cli' ? 'by the CLI (write-then-rename)' : 'in place (writeFile, same inode)';
    const notes = [
      r.stale ? `${r.stale} stale on the first request` : 'all fresh on the first request',
      ...(mode === 'in-place' && !r.sameInode ? ['the inode changed'] : []),
    ];
    rows.push(
      row(
        '5',
        `event → fresh page, ${r.edits} edits ${label}`,
        'max < 1 s',
        `max ${fmtMs(max)}, median ${fmtMs(median(r.latencies))}; ${notes.join(', ')}`,
        max < 1000 && r.stale === 0 && r.sameInode,
      ),
    );
  }
  return rows;
}
