'use client';

import { useEffect, useRef, useState } from 'react';
import { type ImportJobView, importEnded } from '@/lib/transfer/view';
import {
  clause,
  endNews,
  type ErrorAnswer,
  failedWords,
  fileProblem,
  formatSize,
  type Refusal,
  refusal,
  stepNews,
  verbOf,
} from './import-words';

// The Import screen's state (import-panel.tsx draws it): the file chosen or dropped, its upload with XMLHttpRequest
// (which tells how much is sent) to POST /api/owner/import, the job the server answers with, asked about every second
// (GET /api/owner/import/{id}, waiting longer while the site does not answer) until it ends, a job still running when
// the page opened followed again, and what the panel says: the status, and a failure (with a sign-in link when the
// session ended).

const POLL_MS = 1000;
/** After a failed poll (the site unreachable, or busy), the next waits longer: up to five times as long. */
const MAX_POLL_BACKOFF = 5;
const RECENT_SHOWN = 10;

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
export function useImport(recent: ImportJobView[]) {
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
