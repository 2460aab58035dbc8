'use client';

import { type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { IMPORT_ACCEPT, type ImportJobView, importEnded, MAX_IMPORT_BYTES } from '@/lib/transfer/view';
import { useHydrated } from '../use-hydrated';
import { formatDateTime } from './format';
import { ImportReport, sourceName } from './import-report';

// The owner's Import screen (app/dashboard/import), like Ghost's "Import content": an export from WordPress, Ghost,
// Substack, Medium or a zipped Markdown folder, chosen or dropped, previewed (nothing written) or imported. The file
// goes up with XMLHttpRequest, which tells how much is sent, to POST /api/owner/import; the server answers with a job
// it runs on its own, which this page asks about every second (GET /api/owner/import/{id}) until it ends, then shows
// its report. A closed tab loses nothing: the page opens on the recent imports and follows one still running. A
// session that ends midway keeps the chosen file here: sign in in another tab and press the button again.

const POLL_MS = 1000;
/** After a failed poll (the site unreachable, or busy), the next waits longer: up to five times as long. */
const MAX_POLL_BACKOFF = 5;
const RECENT_SHOWN = 10;
const SIGN_IN = '/login?next=/dashboard/import';
const COMMAND = 'npm run blog -- import FILE';

type Refusal = { text: string; signIn?: boolean };
interface ErrorAnswer {
  job?: ImportJobView;
  error?: { code?: string; wde?: string; message?: string };
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A file's size as the owner reads it: "640 KB", "12.3 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const ACCEPTED = IMPORT_ACCEPT.split(',');

/** Why a file cannot go up, in words; null when it may. Checked here first, so a wrong file is not sent. */
export function fileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!ACCEPTED.some((ending) => file.name.toLowerCase().endsWith(ending)))
    return `${file.name} is not an export this reads: WordPress’s .xml, Ghost’s .json, or a .zip (Substack, Medium, a Markdown folder, or an export with its images).`;
  if (file.size === 0) return `${file.name} is empty: export again, and choose the new file.`;
  if (file.size > MAX_IMPORT_BYTES)
    return `${file.name} is ${formatSize(file.size)}: the dashboard takes exports up to ${megabytes(MAX_IMPORT_BYTES)}. Import a bigger one on the server with ${COMMAND}.`;
  return null;
}

/** Where a running import is, as the progress bar's label says it: "Writing posts: 12 of 79". */
export function stepWords(job: Pick<ImportJobView, 'step' | 'dryRun' | 'progress'>): string {
  switch (job.step) {
    case 'queued':
      return 'Waiting for the worker…';
    case 'reading':
      return 'Reading the export…';
    case 'writing': {
      const { current, total } = job.progress;
      return `${job.dryRun ? 'Previewing' : 'Writing'} posts: ${current} of ${total ?? 'the export’s'}`;
    }
    case 'done':
      return 'Finishing…';
  }
}

/** The same, as the status region says it: once a step, not at each post (a screen reader would say every count). */
function stepNews(job: ImportJobView): string {
  if (job.step !== 'writing') return stepWords(job);
  const posts = job.progress.total === null ? 'the posts' : `${job.progress.total} posts`;
  return `${job.dryRun ? 'Previewing' : 'Writing'} ${posts}…`;
}

/** A job's state in a word: the recent imports' list. */
export function statusWord(job: Pick<ImportJobView, 'status' | 'dryRun'>): string {
  if (job.status === 'FAILED') return 'Failed';
  if (job.status === 'COMPLETED') return job.dryRun ? 'Previewed' : 'Imported';
  return 'Running';
}

/** What the owner is told when a job ends. */
function endNews(job: ImportJobView): string {
  if (job.status === 'FAILED') return '';
  const source = job.report ? ` (${sourceName(job.report.source)})` : '';
  return job.dryRun
    ? `The preview of ${job.fileName}${source} is ready: nothing was written. Its report is below.`
    : `${job.fileName}${source} is imported. Its report is below.`;
}

/** A message as a clause of a sentence of ours: its own full stop dropped. */
const clause = (message: string) => message.replace(/\.\s*$/, '');

/** Why a job failed, as the site said it: "The import of blog.xml failed: …" (`named`), else "The import failed: …". */
function failedWords(job: ImportJobView, named = false): string {
  const what = `The ${job.dryRun ? 'preview' : 'import'}${named ? ` of ${job.fileName}` : ''}`;
  return `${what} failed: ${clause(job.error ?? 'the site did not say why')}.`;
}

const verbOf = (dryRun: boolean) => (dryRun ? 'Not previewed' : 'Not imported');

/** Why the site refused an upload, from its status and `{ error }`. */
function refusal(status: number, answer: ErrorAnswer | null, file: File, dryRun: boolean): Refusal {
  const verb = verbOf(dryRun);
  const message = answer?.error?.message ? clause(answer.error.message) : null;
  if (status === 401)
    return {
      text: `${verb}: your session has ended. Sign in again in another tab, then press the button again here: ${file.name} stays chosen.`,
      signIn: true,
    };
  if (status === 413)
    return {
      text: `${verb}: ${file.name} is bigger than the site takes (${megabytes(MAX_IMPORT_BYTES)}). Import it on the server with ${COMMAND}.`,
    };
  if (status === 503)
    return {
      text: `${verb}: the site cannot take an import just now${message ? ` (${message})` : ''}. Try again in a few minutes; ${file.name} stays chosen.`,
    };
  if (status === 400) return { text: `${verb}: ${message ?? `${file.name} is not an export this reads`}.` };
  return { text: `${verb}: ${message ?? `the site answered ${status}`}.` };
}

const parseAnswer = (text: string): ErrorAnswer | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as ErrorAnswer) : null;
  } catch {
    return null;
  }
};

/** The upload, with XMLHttpRequest for its progress (fetch tells none); rejects when the site cannot be reached. */
function sendFile(
  file: File,
  dryRun: boolean,
  onProgress: (percent: number | null) => void,
  started: (request: XMLHttpRequest) => void,
): Promise<{ status: number; answer: ErrorAnswer | null }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/owner/import?name=${encodeURIComponent(file.name)}&dryRun=${dryRun ? 1 : 0}`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) =>
      onProgress(event.lengthComputable ? Math.floor((event.loaded / event.total) * 100) : null);
    request.onload = () => resolve({ status: request.status, answer: parseAnswer(request.responseText) });
    request.onerror = () => reject(new Error('unreachable'));
    request.onabort = () => reject(new Error('stopped'));
    request.send(file);
    started(request);
  });
}

type Poll =
  { kind: 'job'; job: ImportJobView } | { kind: 'signed-out' } | { kind: 'gone' } | { kind: 'trouble'; why: string };

async function readJob(id: string): Promise<Poll> {
  try {
    const response = await fetch(`/api/owner/import/${encodeURIComponent(id)}`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 401) return { kind: 'signed-out' };
    if (response.status === 404) return { kind: 'gone' };
    const answer = parseAnswer(await response.text());
    if (response.ok && answer?.job) return { kind: 'job', job: answer.job };
    const message = answer?.error?.message ? `: ${clause(answer.error.message)}` : '';
    return { kind: 'trouble', why: `the site answered ${response.status}${message}` };
  } catch {
    return { kind: 'trouble', why: 'the site could not be reached' };
  }
}

const withJob = (list: ImportJobView[], job: ImportJobView) =>
  [job, ...list.filter((other) => other.id !== job.id)].slice(0, RECENT_SHOWN);

/** The panel's state and actions: the chosen file, the upload, the job followed, and what the panel says. */
function useImport(recent: ImportJobView[]) {
  const [file, setFile] = useState<File | null>(null);
  /** The file the job followed was sent from: "Import it now" sends it again. */
  const [sent, setSent] = useState<File | null>(null);
  const [upload, setUpload] = useState<{ name: string; dryRun: boolean; percent: number | null } | null>(null);
  // A job still running when the page opened is followed again (its import went on on the server).
  const [job, setJob] = useState<ImportJobView | null>(() => recent.find((j) => !importEnded(j)) ?? null);
  const [resumedId] = useState(() => recent.find((j) => !importEnded(j))?.id ?? null);
  const [list, setList] = useState(recent);
  const [following, setFollowing] = useState(true);
  /** Polls that failed in a row (the site unreachable or busy): the next waits longer, the status says so. */
  const [trouble, setTrouble] = useState<{ count: number; why: string }>({ count: 0, why: '' });
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);

  const running = job !== null && !importEnded(job);
  const busy = upload !== null || running;

  // Follow the job until it ends: one poll at a time, the next after the answer.
  useEffect(() => {
    if (!job || importEnded(job) || !following) return;
    let live = true;
    const timer = setTimeout(
      () => {
        void readJob(job.id).then((poll) => {
          if (!live) return;
          if (poll.kind === 'trouble') {
            setTrouble((t) => ({ count: t.count + 1, why: poll.why }));
          } else if (poll.kind === 'signed-out') {
            setFollowing(false);
            setNotice(null);
            setFailure({
              text: `Your session has ended, so this page cannot follow ${job.fileName}; the import goes on on the server. Sign in again in another tab, then press “Check again” here.`,
              signIn: true,
            });
          } else if (poll.kind === 'gone') {
            setJob(null);
            setFailure({ text: `The site no longer knows the import of ${job.fileName} (it may have restarted).` });
          } else {
            const next = poll.job;
            setTrouble({ count: 0, why: '' });
            setJob(next);
            setList((current) => current.map((other) => (other.id === next.id ? next : other)));
            if (next.status === 'FAILED') setFailure({ text: failedWords(next, true) });
            else if (importEnded(next)) setNotice(endNews(next));
          }
        });
      },
      POLL_MS * Math.min(1 + trouble.count, MAX_POLL_BACKOFF),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [job, following, trouble.count]);

  // Closing the tab mid-upload would lose the upload (not a job the server already has): the browser asks first.
  const uploading = upload !== null;
  useEffect(() => {
    if (!uploading) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [uploading]);

  function choose(chosen: File | null, more = false) {
    setFile(chosen);
    setNotice(null);
    if (!chosen) {
      setFailure(null);
      setNotice('No file is chosen.');
      return;
    }
    const problem = fileProblem(chosen);
    setFailure(problem ? { text: problem } : null);
    if (!problem)
      setNotice(
        `${more ? 'One file at a time: the first was taken. ' : ''}Chosen: ${chosen.name} (${formatSize(chosen.size)}). Preview it to see what it would bring: nothing is written.`,
      );
  }

  async function send(chosen: File | null, dryRun: boolean) {
    if (!chosen) {
      setFailure({ text: 'Choose an export file first, or drop it on the box.' });
      return;
    }
    const problem = fileProblem(chosen);
    if (problem) {
      setFailure({ text: problem });
      return;
    }
    setFailure(null);
    setNotice(null);
    setUpload({ name: chosen.name, dryRun, percent: 0 });
    try {
      const { status, answer } = await sendFile(
        chosen,
        dryRun,
        (percent) => setUpload({ name: chosen.name, dryRun, percent }),
        (started) => (request.current = started),
      );
      if (status === 202 && answer?.job) {
        const started = answer.job;
        setJob(started);
        setSent(chosen);
        setFollowing(true);
        setTrouble({ count: 0, why: '' });
        setList((current) => withJob(current, started));
        if (importEnded(started)) setNotice(endNews(started));
      } else {
        setFailure(refusal(status, answer, chosen, dryRun));
      }
    } catch (error) {
      if (error instanceof Error && error.message === 'stopped')
        setNotice(`The upload of ${chosen.name} was stopped: nothing was ${dryRun ? 'previewed' : 'imported'}.`);
      else
        setFailure({
          text: `${verbOf(dryRun)}: the site could not be reached. ${chosen.name} stays chosen; try again when it answers.`,
        });
    } finally {
      request.current = null;
      setUpload(null);
    }
  }

  const stop = () => request.current?.abort();

  /** A file refused before anything is sent (a folder dropped): said as a failure, the chosen file kept. */
  const refuse = (text: string) => {
    setNotice(null);
    setFailure({ text });
  };

  const checkAgain = () => {
    setFailure(null);
    setTrouble({ count: 0, why: '' });
    setFollowing(true);
  };

  /** What the status region says: the step a job is at (once a step), else what the last action did. */
  let status = notice ?? '';
  if (upload) status = `Uploading ${upload.name}${upload.dryRun ? ' for a preview' : ''}…`;
  else if (running && following)
    status =
      trouble.count > 0
        ? `Still following ${job.fileName}: ${trouble.why}; trying again…`
        : `${job.id === resumedId ? 'This import continued while the page was closed. ' : ''}${stepNews(job)}`;

  return {
    file,
    sent,
    upload,
    job,
    list,
    busy,
    running,
    following,
    status,
    failure,
    choose,
    send,
    stop,
    refuse,
    checkAgain,
  };
}

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

function jobTitle(job: ImportJobView): string {
  if (job.status === 'FAILED') return `${job.fileName}: the ${job.dryRun ? 'preview' : 'import'} failed`;
  if (job.status === 'COMPLETED') return job.dryRun ? `Preview of ${job.fileName}` : `Imported ${job.fileName}`;
  return `${job.dryRun ? 'Previewing' : 'Importing'} ${job.fileName}`;
}

function Progress({ label, value, max }: { label: string; value?: number; max?: number }) {
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
function JobProgress({ job }: { job: ImportJobView }) {
  const { current, total } = job.progress;
  if (job.step === 'done') return <Progress label={stepWords(job)} value={1} max={1} />;
  if (job.step === 'writing' && total)
    return <Progress label={stepWords(job)} value={Math.min(current, total)} max={total} />;
  return <Progress label={stepWords(job)} />;
}

function JobResult({ job, sent, onImport }: { job: ImportJobView; sent: File | null; onImport: () => void }) {
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

function RecentImports({ jobs, when }: { jobs: ImportJobView[]; when: (iso: string) => string }) {
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
