import type { ImportJobView } from '@/lib/transfer/view';
import { ImportReport } from './import-report';
import { COMMAND, failedWords, statusWord, stepWords } from './import-words';

// What the Import screen shows of its jobs (import-panel.tsx places them): the progress bars of an upload and of a
// running job, an ended job's result (its report, and "Import it now" after a preview), and the recent imports, each
// with its state in a word and, once it ended, its report or why it failed.

export function Progress({ label, value, max }: { label: string; value?: number; max?: number }) {
  return (
    <div className="import-progress">
      <label htmlFor="import-progress">{label}</label>
      <progress id="import-progress" value={value} max={max}>
        {label}
      </progress>
    </div>
  );
}

/** A running job's bar: how many posts of how many once they are counted, else a bar that only says it works. */
export function JobProgress({ job }: { job: ImportJobView }) {
  const { current, total } = job.progress;
  if (job.step === 'done') return <Progress label={stepWords(job)} value={1} max={1} />;
  if (job.step === 'writing' && total)
    return <Progress label={stepWords(job)} value={Math.min(current, total)} max={total} />;
  return <Progress label={stepWords(job)} />;
}

export function JobResult({ job, sent, onImport }: { job: ImportJobView; sent: File | null; onImport: () => void }) {
  if (job.status === 'FAILED')
    return (
      <p>
        {job.dryRun
          ? 'Nothing was written. '
          : 'What it wrote before it stopped stays whole: importing the same file again finishes it, making nothing twice. '}
        On the server, <code>{COMMAND}</code> says more about what went wrong.
      </p>
    );
  return (
    <>
      {job.report ? (
        <ImportReport
          report={job.report}
          label={`The counts of the ${job.dryRun ? 'preview' : 'import'} of ${job.fileName}`}
        />
      ) : (
        <p>The site kept no report of it.</p>
      )}
      {!job.dryRun ? (
        <p>
          The published posts are on <a href="/">the site</a>, the others under <a href="/dashboard/drafts">Drafts</a>.
          Importing the same export again updates what it made and changes nothing else.
        </p>
      ) : sent ? (
        <p className="import-now">
          <button type="button" onClick={onImport} aria-describedby="import-now-hint">
            Import it now
          </button>{' '}
          <small id="import-now-hint" className="muted">
            Sends <bdi>{sent.name}</bdi> again, this time written.
          </small>
        </p>
      ) : (
        <p>
          To import it, choose <bdi>{job.fileName}</bdi> again above and press Import.
        </p>
      )}
    </>
  );
}

export function RecentImports({ jobs, when }: { jobs: ImportJobView[]; when: (iso: string) => string }) {
  return (
    <section className="import-recent" aria-labelledby="import-recent-heading">
      <h2 id="import-recent-heading">Recent imports</h2>
      {jobs.length === 0 ? (
        <p className="muted">None yet. The imports made here are listed, newest first.</p>
      ) : (
        <ul className="import-recent__list">
          {jobs.map((job) => (
            <li key={job.id} className="import-recent__item" data-import={job.id}>
              <p className="import-recent__line">
                <strong className="import-recent__name">
                  <bdi>{job.fileName}</bdi>
                </strong>{' '}
                <span className={`import-badge import-badge--${job.status.toLowerCase()}`}>{statusWord(job)}</span>{' '}
                <time dateTime={job.createdDate} className="muted">
                  {when(job.createdDate)}
                </time>
              </p>
              {job.status === 'FAILED' && <p className="import-recent__error">{failedWords(job)}</p>}
              {job.status === 'COMPLETED' && job.report && (
                <details className="import-details">
                  <summary>
                    The report<span className="visually-hidden"> of {job.fileName}</span>
                  </summary>
                  <ImportReport
                    report={job.report}
                    label={`The counts of ${job.fileName}, ${statusWord(job).toLowerCase()} ${when(job.createdDate)}`}
                  />
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
