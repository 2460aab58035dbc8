import { readBodyText } from '@/lib/core/http/body';
import { errors } from '@/lib/core/errors';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { authErrors } from '@/lib/owner';
import { callerOf } from '@/lib/edge/api/caller';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { importFileSpec, importFormatOf, MAX_IMPORT_BYTES, siteCollection, siteDataJobs } from '@/lib/data';
import { accepted, jobRequester } from '../requester';

// POST /api/data/v2/jobs/import?dataCollectionId=…&writePolicy=…&fileName=…: an import job of a file, sent as the
// body (the owner only; at most 16 MiB): CSV (text/csv, a header row naming the fields) or JSON (application/json: an
// array of items; application/x-ndjson: one a line), the files `npm run blog -- data import` reads. As Wix's Data
// Movement jobs, the file is the job's to read: a bad row fails the job (its error names the row), nothing written.
// Answers 202 `{ job }`, NEW; GET /api/data/v2/jobs/{id} follows it. `writePolicy`: OVERWRITE (default),
// SKIP_EXISTING, TRUNCATE_BEFORE, or INSERT (an _id stored already fails the job, WDE0074).
export const POST = jsonHandler(async (request) => {
  // As every data route: another site's page is refused before anything is read, and so is any other caller.
  if (isCrossSite(request)) throw authErrors.crossSite();
  const requester = jobRequester(request, callerOf(request));
  const format = importFormatOf(request.headers.get('content-type'));
  const text = await readBodyText(request, MAX_IMPORT_BYTES, () =>
    errors.payloadTooLarge(`the file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MiB`),
  );
  const spec = importFileSpec(new URL(request.url).searchParams, { text, format }, siteCollection);
  return accepted(await siteDataJobs().submit(spec, requester));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
