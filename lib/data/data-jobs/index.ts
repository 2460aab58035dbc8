// The data service's jobs: long operations (an import, a truncate, a re-index) recorded in the site's records and
// worked on the site's queue (service.ts); their request shapes (rest.ts); the import file reader (import-file.ts).

export { DATA_JOB_COLLECTIONS, type JobStatus, type JobType, type WritePolicy } from './records';
export {
  createDataJobs,
  DATA_JOBS_QUEUE,
  jobView,
  unknownJob,
  type DataJob,
  type DataJobs,
  type DataJobsSettings,
  type JobSpec,
} from './service';
export { importFileSpec, importFormatOf, jobSpecOf, MAX_IMPORT_BYTES } from './rest';
