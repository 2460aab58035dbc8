'use client';

import { type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { IMPORT_ACCEPT, type ImportJobView, importEnded, MAX_IMPORT_BYTES } from '@/lib/transfer/view';
import { useHydrated } from '../use-hydrated';
import { formatDateTime } from './format';
import { JobProgress, JobResult, Progress, RecentImports } from './import-recent';
import { COMMAND, fileProblem, formatSize, jobTitle, megabytes, SIGN_IN } from './import-words';
import { useImport } from './use-import';

// The owner's Import screen (app/dashboard/import), like Ghost's "Import content": an export from WordPress, Ghost,
// Substack, Medium or a zipped Markdown folder, chosen or dropped, previewed (nothing written) or imported. The file
// goes up with XMLHttpRequest, which tells how much is sent, to POST /api/owner/import; the server answers with a job
// it runs on its own, which this page asks about every second (GET /api/owner/import/{id}) until it ends, then shows
// its report. A closed tab loses nothing: the page opens on the recent imports and follows one still running. A
// session that ends midway keeps the chosen file here: sign in in another tab and press the button again.
// This file holds the form and the current job's view; use-import.ts its state, import-recent.tsx the progress, the
// result and the recent imports, import-words.ts their words.

export { fileProblem, formatSize, statusWord, stepWords } from './import-words';

const SOURCES_HINT = (
  <ul>
    <li>
      <strong>WordPress</strong>: Tools → Export, the .xml; zip it with its wp-content/uploads folder to bring the
      images.
    </li>
    <li>
      <strong>Ghost</strong>: the .json export, or a .zip of it with its images.
    </li>
    <li>
      <strong>Substack</strong>: the export’s .zip.
    </li>
    <li>
      <strong>Medium</strong>: the export’s .zip.
    </li>
    <li>
      <strong>A folder of Markdown</strong> (Hugo, Jekyll, Astro…), zipped.
    </li>
  </ul>
);

export function ImportPanel({ recent }: { recent: ImportJobView[] }) {
  const hydrated = useHydrated();
  const imports = useImport(recent);
  const { file, sent, upload, job, list, busy, running, following, status, failure } = imports;
  const { choose, send, stop, refuse, checkAgain } = imports;
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [over, setOver] = useState(false);

  // When a job ends, focus moves to its result's heading: the report is read from there.
  const endedId = job && importEnded(job) ? job.id : null;
  useEffect(() => {
    if (endedId) heading.current?.focus();
  }, [endedId]);

  /** A date in this browser's words once it runs; in UTC (said so) in the server's HTML. */
  const when = (iso: string) => (hydrated ? new Date(iso).toLocaleString() : formatDateTime(iso));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return; // The buttons say why (import-busy).
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const dryRun = !(submitter instanceof HTMLButtonElement && submitter.value === '0');
    // A file chosen before the page's script ran is in the input, not yet in the state.
    const chosen = file ?? input.current?.files?.[0] ?? null;
    if (!chosen) input.current?.focus();
    void send(chosen, dryRun);
  }

  /** The upload stopped, its box goes: focus goes back to the file, the next thing to act on. */
  function stopUpload() {
    input.current?.focus();
    stop();
  }

  /** "Import it now": the previewed file again, written. Focus waits on the heading, which stays through it. */
  function importNow() {
    if (!sent || busy) return;
    heading.current?.focus();
    void send(sent, false);
  }

  const holdsFiles = (event: DragEvent<HTMLDivElement>) => event.dataTransfer.types.includes('Files');
  function dragOver(event: DragEvent<HTMLDivElement>) {
    if (!holdsFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  }
  function dragLeave(event: DragEvent<HTMLDivElement>) {
    const into = event.relatedTarget;
    if (!(into instanceof Node && event.currentTarget.contains(into))) setOver(false);
  }
  function drop(event: DragEvent<HTMLDivElement>) {
    if (!holdsFiles(event)) return;
    event.preventDefault();
    setOver(false);
    const first = event.dataTransfer.files[0];
    if (!first) return;
    if (event.dataTransfer.items[0]?.webkitGetAsEntry()?.isDirectory) {
      refuse(`${first.name} is a folder: zip it first, then choose or drop the .zip.`);
      return;
    }
    // The input shows the dropped file's name too, as if it had been chosen there.
    try {
      const one = new DataTransfer();
      one.items.add(first);
      if (input.current) input.current.files = one.files;
    } catch {
      // An older browser: the file is chosen all the same, the input just does not name it.
    }
    choose(first, event.dataTransfer.files.length > 1);
  }

  const busyWhy = upload
    ? 'The buttons wait for the upload to end.'
    : 'One import at a time: the buttons wait until this one ends (it goes on if the page is closed).';
  const describedBy = (hint: string) => (busy ? `${hint} import-busy` : hint);
  const problem = failure !== null && file !== null && fileProblem(file) !== null;

  return (
    <div className="import">
      <form className="panel import-form" aria-labelledby="import-form-heading" onSubmit={submit} noValidate>
        <h2 id="import-form-heading">Import content</h2>
        <p>
          Bring a blog from elsewhere: its posts and pages, categories, tags, writers, comments, subscribers and images.
          Preview first: it reads the whole export and says what it would do, writing nothing. Importing the same export
          again later updates what it made and changes nothing else.
        </p>
        <div
          className={over ? 'import-drop import-drop--over' : 'import-drop'}
          onDragEnter={dragOver}
          onDragOver={dragOver}
          onDragLeave={dragLeave}
          onDrop={drop}
        >
          <label htmlFor="import-file" className="import-drop__label">
            Export file
          </label>
          <input
            ref={input}
            id="import-file"
            name="file"
            type="file"
            accept={IMPORT_ACCEPT}
            aria-describedby="import-file-hint"
            {...(problem && { 'aria-invalid': true as const })}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <div id="import-file-hint" className="import-hint">
            <p>Choose it, or drop it on this box. Up to {megabytes(MAX_IMPORT_BYTES)}, one of:</p>
            {SOURCES_HINT}
          </div>
          {file && (
            <p className="import-chosen">
              Chosen: <bdi>{file.name}</bdi> ({formatSize(file.size)})
            </p>
          )}
        </div>
        <div className="import-actions">
          <span className="import-action">
            <button
              type="submit"
              name="dryRun"
              value="1"
              className="button-secondary"
              disabled={!hydrated}
              aria-disabled={busy || undefined}
              aria-describedby={describedBy('import-preview-hint')}
            >
              Preview
            </button>{' '}
            <small id="import-preview-hint" className="muted">
              Nothing is written.
            </small>
          </span>
          <span className="import-action">
            <button
              type="submit"
              name="dryRun"
              value="0"
              disabled={!hydrated}
              aria-disabled={busy || undefined}
              aria-describedby={describedBy('import-write-hint')}
            >
              Import
            </button>{' '}
            <small id="import-write-hint" className="muted">
              Writes what the export holds.
            </small>
          </span>
        </div>
        {busy && (
          <p id="import-busy" className="import-busy muted">
            {busyWhy}
          </p>
        )}
        <noscript>
          <p className="import-busy">
            The upload needs JavaScript in this browser. On the server, <code>{COMMAND}</code> imports the same files.
          </p>
        </noscript>
      </form>

      <p className="import-status" role="status" aria-live="polite">
        {status}
      </p>
      <div className="import-alert" role="alert">
        {failure && (
          <p>
            {failure.text}
            {failure.signIn && (
              <>
                {' '}
                <a href={SIGN_IN} target="_blank" rel="noopener">
                  Sign in again (opens in a new tab)
                </a>
              </>
            )}
          </p>
        )}
      </div>

      {(upload || job) && (
        <section className="panel import-job" aria-labelledby="import-job-heading">
          <h2 id="import-job-heading" ref={heading} tabIndex={-1}>
            {upload ? `${upload.dryRun ? 'Previewing' : 'Importing'} ${upload.name}` : job && jobTitle(job)}
          </h2>
          {upload ? (
            <>
              <Progress
                label={upload.percent === null ? 'Uploading…' : `Uploading… ${upload.percent}%`}
                value={upload.percent ?? undefined}
                max={100}
              />
              <p>
                <button type="button" className="button-secondary" onClick={stopUpload}>
                  Stop the upload
                </button>
              </p>
            </>
          ) : job && running ? (
            <>
              <JobProgress job={job} />
              <p className="muted">
                The {job.dryRun ? 'preview' : 'import'} runs on the server: closing this page does not stop it, and it
                is listed below when you come back.
              </p>
              {!following && (
                <p>
                  <button type="button" className="button-secondary" onClick={checkAgain}>
                    Check again
                  </button>
                </p>
              )}
            </>
          ) : job ? (
            <JobResult job={job} sent={sent} onImport={importNow} />
          ) : null}
        </section>
      )}

      <RecentImports jobs={list} when={when} />
    </div>
  );
}
