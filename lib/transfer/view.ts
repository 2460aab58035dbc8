// An import on the dashboard (app/dashboard/import), as the owner's screens show it and the owner's API answers it
// (GET /api/owner/import/{id}): pure shapes and words, safe in the browser.

/** The job's life, as the site's other jobs name it (Wix's Background Tasks): NEW → RUNNING → COMPLETED | FAILED. */
export type ImportStatus = 'NEW' | 'RUNNING' | 'COMPLETED' | 'FAILED';

/** Where a running import is: its file read and converted, then its items written. */
export type ImportStep = 'queued' | 'reading' | 'writing' | 'done';

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

/** What an import did (or, previewed, would do): the CLI's report (lib/transfer/report.ts), as JSON. */
export interface ImportReportView {
  /** The platform that wrote the export: wordpress, ghost, substack, medium, markdown. */
  source: string;
  dryRun: boolean;
  /** Per kind of item (posts, categories, tags, authors, media, comments, subscribers, redirects): the outcomes. */
  counts: Record<string, ImportCounts>;
  /** Each with the source item's id, so the owner can find it in the export. */
  warnings: { item: string; message: string }[];
  /** Media the export links to but does not carry: left pointing at the old site. */
  remoteMedia: string[];
  /** The share of each post's words found in its imported text: the mean and the worst (0..1). */
  coverage: { mean: number; worst: number };
}

export interface ImportJobView {
  id: string;
  fileName: string;
  /** A preview: everything is read and converted, nothing is written. */
  dryRun: boolean;
  status: ImportStatus;
  step: ImportStep;
  /** Posts written (or previewed) of the export's posts; total null until the file is read. */
  progress: { current: number; total: number | null };
  createdDate: string;
  startedDate?: string;
  finishedDate?: string;
  /** Once COMPLETED. */
  report?: ImportReportView;
  /** Why a FAILED import failed, in words for the owner (never a stack). */
  error?: string;
}

/** The largest export the dashboard takes (a WordPress export zipped with its uploads can be big). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

/** The files the upload offers: WordPress's .xml, Ghost's .json, a .zip (Substack, Medium, or a folder zipped). */
export const IMPORT_ACCEPT = '.xml,.json,.zip';

/** Whether the job has ended (its report or its error is final). */
export const importEnded = (job: Pick<ImportJobView, 'status'>) =>
  job.status === 'COMPLETED' || job.status === 'FAILED';
