import { IMPORT_ACCEPT, type ImportJobView, MAX_IMPORT_BYTES } from '@/lib/transfer/view';
import { sourceName } from './import-report';

// The Import screen's words (import-panel.tsx, use-import.ts and import-recent.tsx say them): a file's size and why
// it cannot go up, a job's step, state and title, what the owner is told when a job ends or fails, and why the site
// refused an upload. Pure: no state, no markup.

export const SIGN_IN = '/login?next=/dashboard/import';
export const COMMAND = 'npm run blog -- import FILE';

export type Refusal = { text: string; signIn?: boolean };
export interface ErrorAnswer {
  job?: ImportJobView;
  error?: { code?: string; wde?: string; message?: string };
}

export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

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
export function stepNews(job: ImportJobView): string {
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
export function endNews(job: ImportJobView): string {
  if (job.status === 'FAILED') return '';
  const source = job.report ? ` (${sourceName(job.report.source)})` : '';
  return job.dryRun
    ? `The preview of ${job.fileName}${source} is ready: nothing was written. Its report is below.`
    : `${job.fileName}${source} is imported. Its report is below.`;
}

/** A message as a clause of a sentence of ours: its own full stop dropped. */
export const clause = (message: string) => message.replace(/\.\s*$/, '');

/**
 * Why a job failed, as the site said it: "The import of blog.xml failed: …" (`named`), else "The import failed: …".
 */
export function failedWords(job: ImportJobView, named = false): string {
  const what = `The ${job.dryRun ? 'preview' : 'import'}${named ? ` of ${job.fileName}` : ''}`;
  return `${what} failed: ${clause(job.error ?? 'the site did not say why')}.`;
}

export const verbOf = (dryRun: boolean) => (dryRun ? 'Not previewed' : 'Not imported');

/** Why the site refused an upload, from its status and `{ error }`. */
export function refusal(status: number, answer: ErrorAnswer | null, file: File, dryRun: boolean): Refusal {
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

/** The current job's heading: what it is doing, or what it did. */
export function jobTitle(job: ImportJobView): string {
  if (job.status === 'FAILED') return `${job.fileName}: the ${job.dryRun ? 'preview' : 'import'} failed`;
  if (job.status === 'COMPLETED') return job.dryRun ? `Preview of ${job.fileName}` : `Imported ${job.fileName}`;
  return `${job.dryRun ? 'Previewing' : 'Importing'} ${job.fileName}`;
}
