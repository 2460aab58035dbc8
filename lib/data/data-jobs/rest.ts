import { CatalogueError, errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { dataErrors } from '../errors';
import type { CollectionDeclaration } from '../model';
import { checkCollectionId } from '../validate';
import type { ImportFormat } from './import-file';
import { type JobType, WRITE_POLICIES, type WritePolicy } from './records';
import type { JobSpec } from './service';

// The jobs' request shapes, read into a JobSpec; the JSON API's routes (app/api/data/v2/jobs) hand them here. Shaped
// as Wix's Background Tasks (`POST /cms/v1/tasks { task: { type, <type>Options: { dataCollectionId, ... } } }`), and
// an import's file as Wix's Data Movement takes one (CSV or JSON lines; `writePolicy`), sent as the request's body.

/** The largest file an import takes (about 100,000 rows of a typical collection). */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;

const OPTIONS_OF: Record<JobType, string> = {
  IMPORT_ITEMS: 'importItemsOptions',
  TRUNCATE: 'truncateOptions',
  REINDEX: 'reindexOptions',
};

/** The collection a job names: declared, and served by the API (an internal one is answered as unknown, WDE0025). */
function collectionIdOf(raw: unknown, collection: (id: string) => CollectionDeclaration | undefined): string {
  const id = checkCollectionId(raw);
  const declared = collection(id);
  if (!declared || declared.internal) throw dataErrors.unknownCollection(id);
  return id;
}

/** `writePolicy`: one of the four (WDE0051 otherwise); absent, Wix's default OVERWRITE. */
export function writePolicyOf(raw: unknown): WritePolicy {
  if (raw === undefined || raw === null || raw === '') return 'OVERWRITE';
  if (typeof raw !== 'string' || !WRITE_POLICIES.includes(raw as WritePolicy)) {
    throw errors.notAChoice(`writePolicy must be one of ${WRITE_POLICIES.join(', ')}`);
  }
  return raw as WritePolicy;
}

/**
 * `{ job: { type, <type>Options } }`: TRUNCATE and REINDEX name a collection; IMPORT_ITEMS names one and carries its
 * `dataItems` (`[{ id?, data }]`, as Bulk Insert takes them) within the JSON body's bound. A larger import sends its
 * file (importFileSpec).
 */
export function jobSpecOf(
  body: Record<string, unknown>,
  collection: (id: string) => CollectionDeclaration | undefined,
) {
  const job = body.job;
  if (!isRecord(job)) throw errors.itemNotObject('job must be an object { type, <type>Options }');
  const type = job.type as JobType;
  if (typeof type !== 'string' || !Object.hasOwn(OPTIONS_OF, type)) {
    throw errors.notAChoice(`job.type must be one of ${Object.keys(OPTIONS_OF).join(', ')}`);
  }
  const key = OPTIONS_OF[type];
  const options = job[key] ?? {};
  if (!isRecord(options)) throw errors.itemNotObject(`job.${key} must be an object { dataCollectionId, ... }`);
  const dataCollectionId = collectionIdOf(options.dataCollectionId, collection);
  if (type !== 'IMPORT_ITEMS') return { type, dataCollectionId } satisfies JobSpec;
  if (!Array.isArray(options.dataItems)) {
    throw errors.itemsNotArray(`job.${key}.dataItems must be an array of { id?, data }`);
  }
  const items = options.dataItems.map((dataItem: unknown, i) => {
    if (!isRecord(dataItem)) throw errors.itemNotObject(`dataItems[${i}] must be an object { id?, data }`);
    const data = dataItem.data ?? {};
    if (!isRecord(data)) throw errors.itemNotObject(`dataItems[${i}].data must be an object`);
    return dataItem.id === undefined ? data : { ...data, _id: dataItem.id };
  });
  return {
    type,
    dataCollectionId,
    writePolicy: writePolicyOf(options.writePolicy),
    file: { text: JSON.stringify(items), name: 'dataItems', format: 'JSON' as ImportFormat },
  } satisfies JobSpec;
}

/** The media types an import's file may be sent as, and how each is read. */
const FILE_TYPES: Record<string, ImportFormat> = {
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'application/jsonl': 'JSON',
  'application/x-ndjson': 'JSON',
  'application/x-jsonlines': 'JSON',
};

/**
 * The format of a file by its Content-Type: 415 WDE9415 for any other (text/plain or a form is what a page on another
 * site can send without asking first; and nothing else is read).
 */
export function importFormatOf(contentType: string | null): ImportFormat {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const format = FILE_TYPES[type];
  if (!format) {
    throw new CatalogueError(
      415,
      'WDE9415',
      `send the file as ${Object.keys(FILE_TYPES).join(', ')} (text/csv: a header row names the fields)`,
    );
  }
  return format;
}

const FILE_NAME = /^[^\\/\x00-\x1f]{1,200}$/;

/**
 * An import of a file sent as the request's body: `dataCollectionId`, `writePolicy` and `fileName` (what the job's
 * errors name the rows by) in the query string.
 */
export function importFileSpec(
  query: URLSearchParams,
  file: { text: string; format: ImportFormat },
  collection: (id: string) => CollectionDeclaration | undefined,
): JobSpec {
  const dataCollectionId = collectionIdOf(query.get('dataCollectionId'), collection);
  const writePolicy = writePolicyOf(query.get('writePolicy'));
  const given = query.get('fileName');
  if (given !== null && !FILE_NAME.test(given)) {
    throw errors.badValue('fileName must be a file name of at most 200 characters, without a folder');
  }
  if (file.text.trim() === '') throw errors.itemsNotArray('the request holds no file: send it as the body');
  const name = given ?? (file.format === 'CSV' ? 'upload.csv' : 'upload.jsonl');
  return { type: 'IMPORT_ITEMS', dataCollectionId, writePolicy, file: { ...file, name } };
}
