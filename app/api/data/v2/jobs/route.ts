import { dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { jobSpecOf, siteCollection, siteDataJobs } from '@/lib/data';
import { accepted, jobRequester } from './requester';

// POST /api/data/v2/jobs: a job of the data service (the owner only), shaped as Wix's Create Task:
// `{ job: { type: 'TRUNCATE' | 'REINDEX', truncateOptions | reindexOptions: { dataCollectionId } } }`, or
// `{ job: { type: 'IMPORT_ITEMS', importItemsOptions: { dataCollectionId, writePolicy, dataItems: [{ id?, data }] } }
// }`
// within the body's 64 KiB (a larger import sends its file: POST /api/data/v2/jobs/import). Answers 202 `{ job }`,
// NEW; GET /api/data/v2/jobs/{id} follows it.
export const POST = dataRoute(async ({ request, body, caller }) => {
  const requester = jobRequester(request, caller);
  const spec = jobSpecOf(body, siteCollection);
  return accepted(await siteDataJobs().submit(spec, requester));
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
