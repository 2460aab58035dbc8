import type { ImportCounts, ImportReportView } from '@/lib/transfer/view';
import { formatCount } from './format';

// What an import did, or a preview would do (import-panel.tsx shows it when a job ends, import-recent.tsx for each
// of the recent imports): a table of each kind of item and its outcomes, how much of the posts' text came through,
// the warnings (each with the export's id for its item, so the owner can find it there) and the images the export
// links to but does not carry. Text only: an export's words and addresses are shown, never followed.

const OUTCOMES = ['created', 'updated', 'unchanged', 'skipped'] as const satisfies readonly (keyof ImportCounts)[];

/** Each outcome's column, as an import says it and as a preview does. */
const COLUMNS: Record<(typeof OUTCOMES)[number], { done: string; previewed: string }> = {
  created: { done: 'Created', previewed: 'Would be created' },
  updated: { done: 'Updated', previewed: 'Would be updated' },
  unchanged: { done: 'Unchanged', previewed: 'Unchanged' },
  skipped: { done: 'Skipped', previewed: 'Would be skipped' },
};

const SOURCES: Record<string, string> = {
  wordpress: 'WordPress',
  ghost: 'Ghost',
  substack: 'Substack',
  medium: 'Medium',
  markdown: 'Markdown',
};

/** The platform that wrote the export, by its name. */
export const sourceName = (source: string) => SOURCES[source] ?? source;

/** The report's kinds of item (lib/transfer/report.ts tallies them singular), as the table's rows say them. */
const KINDS: Record<string, string> = {
  post: 'Posts',
  page: 'Pages (as posts)',
  category: 'Categories',
  tag: 'Tags',
  author: 'Writers',
  media: 'Media files',
  comment: 'Comments',
  subscriber: 'Subscribers',
  redirect: 'Redirects from old addresses',
};

/** A kind of item as the table's row says it: "post" → "Posts"; one it does not know, capitalised. */
const kindName = (kind: string) => KINDS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);

/** A share (0..1) as a percentage with one decimal, as the CLI prints it: 0.992 → "99.2%". */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * `label` names the counts' scrolling box (a region a keyboard can scroll at 390 px): one of its own where several
 * reports share a page (the panel's and the recent imports').
 */
export function ImportReport({ report, label = 'The report’s counts' }: { report: ImportReportView; label?: string }) {
  // In the order a blog is read: its posts first, what it is built of next, the old addresses last.
  const order = Object.keys(KINDS);
  const rank = (kind: string) => (order.includes(kind) ? order.indexOf(kind) : order.length);
  const kinds = Object.entries(report.counts).sort(([a], [b]) => rank(a) - rank(b));
  const source = sourceName(report.source);
  return (
    <div className="import-report">
      {kinds.length === 0 ? (
        <p>The {source} export held nothing to import.</p>
      ) : (
        // Focusable, so a keyboard can scroll it sideways on a narrow screen.
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
          <table className="metrics-table import-table">
            <caption>
              {report.dryRun
                ? `What importing the ${source} export would do (a preview: nothing was written)`
                : `What the import of the ${source} export did`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                {OUTCOMES.map((outcome) => (
                  <th key={outcome} scope="col" className="num">
                    {report.dryRun ? COLUMNS[outcome].previewed : COLUMNS[outcome].done}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {kinds.map(([kind, counts]) => (
                <tr key={kind} data-kind={kind}>
                  <th scope="row">{kindName(kind)}</th>
                  {OUTCOMES.map((outcome) => (
                    <td key={outcome} className={counts[outcome] ? 'num' : 'num import-zero'}>
                      {formatCount(counts[outcome])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="import-coverage">
        Text kept: mean {percent(report.coverage.mean)}, worst {percent(report.coverage.worst)}{' '}
        <span className="muted">(the share of each post’s words found in its imported text)</span>
      </p>
      {report.warnings.length > 0 ? (
        <details className="import-details">
          <summary>{plural(report.warnings.length, 'warning', 'warnings')}</summary>
          <ul className="import-warnings">
            {report.warnings.map((warning, index) => (
              <li key={index}>
                <code>{warning.item}</code> <span dir="auto">{warning.message}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="muted">No warnings.</p>
      )}
      {report.remoteMedia.length > 0 && (
        <details className="import-details">
          <summary>{plural(report.remoteMedia.length, 'image stays', 'images stay')} on the old site</summary>
          <p className="muted">
            The export links to {report.remoteMedia.length === 1 ? 'it' : 'them'} but does not carry{' '}
            {report.remoteMedia.length === 1 ? 'it' : 'them'}: the posts keep the old addresses. To bring the images
            here, import the export zipped with its images (WordPress: its wp-content/uploads folder).
          </p>
          <ul className="import-media">
            {report.remoteMedia.map((address, index) => (
              <li key={index}>
                <code>{address}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
