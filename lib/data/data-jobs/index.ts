// The data service's jobs: long operations (an import, a truncate, a re-index) recorded in the site's records and
// worked on the site's queue (service.ts: asked for and answered; run.ts: one run of a job; import-job.ts,
// truncate-job.ts, reindex-job.ts: each type's work; context.ts: the settings and the steps they share; view.ts: the
// answer's shape; file-parts.ts: an import's file kept until its job ends); their request shapes (rest.ts); the
// import file reader (import-file.ts).

export { DATA_JOB_COLLECTIONS, type JobStatus, type JobType, type WritePolicy } from './records';
export { DATA_JOBS_QUEUE, type DataJobsSettings } from './context';
export { createDataJobs, type DataJobs, type JobSpec } from './service';
export { jobView, unknownJob, type DataJob } from './view';
export { importFileSpec, importFormatOf, jobSpecOf, MAX_IMPORT_BYTES } from './rest';
