import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fileProblem, ImportPanel, statusWord, stepWords } from '@/components/dashboard/import-panel';
import { ImportReport } from '@/components/dashboard/import-report';
import { type ImportJobView, type ImportReportView, MAX_IMPORT_BYTES } from '@/lib/transfer/view';

// The dashboard's Import screen (components/dashboard/import-panel.tsx and import-report.tsx), as the server renders
// it: the report's table with each kind's counts (said as a preview's "would be" when nothing was written), the text
// kept, the warnings with the export's id of each item (shown as text, whatever the export holds), the images left
// on the old site; a job still running when the page opens followed again with its step and counts; the recent
// imports each in a word; and the file checks made before anything is sent.

const report = (overrides: Partial<ImportReportView> = {}): ImportReportView => ({
  source: 'wordpress',
  dryRun: true,
  counts: {
    post: { created: 79, updated: 3, unchanged: 0, skipped: 2 },
    tag: { created: 12, updated: 0, unchanged: 5, skipped: 0 },
  },
  warnings: [
    { item: 'wp-post-42', message: 'an embedded gallery shortcode was kept as a link' },
    { item: 'wp-comment-7', message: '<img src=x onerror=alert(1)> is not a comment this reads' },
  ],
  remoteMedia: ['https://old.example/a.jpg', 'https://old.example/b.png', 'https://old.example/c.gif'],
  coverage: { mean: 1, worst: 0.992 },
  ...overrides,
});

const job = (overrides: Partial<ImportJobView>): ImportJobView => ({
  id: 'job-1',
  fileName: 'blog.wordpress.xml',
  dryRun: false,
  status: 'COMPLETED',
  step: 'done',
  progress: { current: 79, total: 79 },
  createdDate: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

/** The text of each cell of the row of one kind of item, header first. */
function row(html: string, kind: string): string[] {
  const tr = html.match(new RegExp(`<tr data-kind="${kind}">(.*?)</tr>`))?.[1] ?? '';
  return [...tr.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1] ?? '');
}
const headers = (html: string) => [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((cell) => cell[1] ?? '');

describe('ImportReport', () => {
  it('counts each kind of item by outcome, in the words of a preview when nothing was written', () => {
    const html = renderToStaticMarkup(<ImportReport report={report()} />);
    expect(headers(html)).toEqual(['Kind', 'Would be created', 'Would be updated', 'Unchanged', 'Would be skipped']);
    expect(row(html, 'post')).toEqual(['Posts', '79', '3', '0', '2']);
    expect(row(html, 'tag')).toEqual(['Tags', '12', '0', '5', '0']);
    expect(html).toContain('What importing the WordPress export would do (a preview: nothing was written)');
  });

  it('says what an import did once it wrote', () => {
    const html = renderToStaticMarkup(<ImportReport report={report({ dryRun: false, source: 'ghost' })} />);
    expect(headers(html)).toEqual(['Kind', 'Created', 'Updated', 'Unchanged', 'Skipped']);
    expect(html).not.toContain('Would be');
    expect(html).toContain('What the import of the Ghost export did');
    expect(row(html, 'post')).toEqual(['Posts', '79', '3', '0', '2']);
  });

  it('shows the text kept, the warnings with their items’ ids, and the images left on the old site', () => {
    const html = renderToStaticMarkup(<ImportReport report={report()} />);
    expect(html).toContain('Text kept: mean 100.0%, worst 99.2%');
    expect(html).toMatch(/<details class="import-details"><summary>2 warnings<\/summary>/);
    expect(html).toContain(
      '<li><code>wp-post-42</code> <span dir="auto">an embedded gallery shortcode was kept as a link</span></li>',
    );
    // An export's words are text: its markup is shown, never run.
    expect(html).toContain('<code>wp-comment-7</code> <span dir="auto">&lt;img src=x onerror=alert(1)&gt; is not');
    expect(html).not.toContain('<img');
    expect(html).toContain('<summary>3 images stay on the old site</summary>');
    expect(html).toContain('<code>https://old.example/b.png</code>');
    expect(html).not.toContain('href="https://old.example');
  });

  it('says one warning and one image in the singular, no warnings in words, and an empty export as such', () => {
    const one = renderToStaticMarkup(
      <ImportReport report={report({ warnings: [{ item: 'md-1', message: 'no title' }], remoteMedia: ['x'] })} />,
    );
    expect(one).toContain('<summary>1 warning</summary>');
    expect(one).toContain('<summary>1 image stays on the old site</summary>');
    const none = renderToStaticMarkup(
      <ImportReport report={report({ counts: {}, warnings: [], remoteMedia: [], source: 'medium' })} />,
    );
    expect(none).toContain('The Medium export held nothing to import.');
    expect(none).toContain('No warnings.');
    expect(none).not.toContain('<table');
    expect(none).not.toContain('<details');
  });
});

describe('ImportPanel', () => {
  const recent = [
    job({
      id: 'running',
      fileName: 'substack.zip',
      status: 'RUNNING',
      step: 'writing',
      progress: { current: 12, total: 79 },
    }),
    job({ id: 'imported', report: report({ dryRun: false }) }),
    job({ id: 'previewed', dryRun: true, report: report() }),
    job({ id: 'failed', status: 'FAILED', error: 'the file is not a WordPress export' }),
  ];

  it('follows an import still running when the page opens, with its step and counts', () => {
    const html = renderToStaticMarkup(<ImportPanel recent={recent} />);
    expect(html).toMatch(
      /role="status" aria-live="polite">This import continued while the page was closed\. Writing 79 posts…</,
    );
    expect(html).toContain('<label for="import-progress">Writing posts: 12 of 79</label>');
    expect(html).toMatch(/<progress id="import-progress" value="12" max="79">/);
    expect(html).toContain('<h2 id="import-job-heading" tabindex="-1">Importing substack.zip</h2>');
    // One import at a time: the buttons say why they wait.
    expect(html).toContain('aria-describedby="import-preview-hint import-busy"');
    expect(html).toContain('id="import-busy"');
  });

  it('lists the recent imports each in a word, the ended ones with their report', () => {
    const html = renderToStaticMarkup(<ImportPanel recent={recent} />);
    const words = [...html.matchAll(/<span class="import-badge [^"]*">(\w+)<\/span>/g)].map((m) => m[1]);
    expect(words).toEqual(['Running', 'Imported', 'Previewed', 'Failed']);
    expect(html).toContain('The import failed: the file is not a WordPress export.');
    expect(html.match(/<summary>The report/g)).toHaveLength(2);
    expect(html).toContain('Would be created');
    expect(html).toContain('<time dateTime="2025-03-01T10:00:00.000Z"');
  });

  it('offers a labelled file input taking the exports it reads, and nothing to follow when nothing runs', () => {
    const html = renderToStaticMarkup(<ImportPanel recent={recent.slice(1)} />);
    expect(html).toContain('<label for="import-file" class="import-drop__label">Export file</label>');
    const input = html.match(/<input id="import-file"[^>]*>/)?.[0] ?? '';
    expect(input).toContain('type="file"');
    expect(input).toContain('accept=".xml,.json,.zip"');
    expect(input).not.toContain('hidden');
    expect(html).toContain('aria-describedby="import-file-hint"');
    expect(html).toContain('wp-content/uploads');
    expect(html).not.toContain('import-job-heading');
    expect(html).not.toContain('id="import-busy"');
    expect(html).toMatch(/role="status" aria-live="polite"><\/p>/);
  });
});

describe('the checks before an upload', () => {
  it('refuses what the import cannot take, saying why', () => {
    expect(fileProblem({ name: 'site.zip', size: 1024 })).toBeNull();
    expect(fileProblem({ name: 'GHOST.JSON', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'site.zip', size: MAX_IMPORT_BYTES + 1 })).toMatch(
      /^site\.zip is 200\.0 MB: the dashboard takes exports up to 200 MB\. Import a bigger one on the server with npm run blog -- import FILE\.$/,
    );
    expect(fileProblem({ name: 'site.zip', size: 0 })).toMatch(/^site\.zip is empty/);
    expect(fileProblem({ name: 'notes.docx', size: 10 })).toMatch(/^notes\.docx is not an export this reads/);
  });

  it('names each step and state in words', () => {
    expect(stepWords({ step: 'queued', dryRun: false, progress: { current: 0, total: null } })).toBe(
      'Waiting for the worker…',
    );
    expect(stepWords({ step: 'reading', dryRun: true, progress: { current: 0, total: null } })).toBe(
      'Reading the export…',
    );
    expect(stepWords({ step: 'writing', dryRun: true, progress: { current: 3, total: 9 } })).toBe(
      'Previewing posts: 3 of 9',
    );
    expect(statusWord({ status: 'NEW', dryRun: false })).toBe('Running');
    expect(statusWord({ status: 'COMPLETED', dryRun: true })).toBe('Previewed');
  });
});
