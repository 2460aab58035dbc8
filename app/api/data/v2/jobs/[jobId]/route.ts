import { answer, dataRoute } from '@/lib/edge/api/data-rest';
import { otherMethods } from '@/lib/edge/api/respond';
import { siteDataJobs, unknownJob } from '@/lib/data';
import { jobRequester } from '../requester';

// GET /api/data/v2/jobs/{jobId}: a job of the data service as Wix's Get Task answers one, `{ job }`: its status (NEW,
// RUNNING, COMPLETED, FAILED), progress and error; any instance answers it (the job is a record of the site's). An id
// no job has is 404 WDE0073; anyone but the owner 403 WDE0027.

// The generated RouteContext type exists only after a build's typegen; this is its shape.
type Context = { params: Promise<{ jobId: string }> };

export const GET = dataRoute<Context>(async ({ request, caller }, { params }) => {
  jobRequester(request, caller);
  const { jobId } = await params;
  const job = await siteDataJobs().get(jobId);
  if (!job) throw unknownJob(jobId);
  return answer({ job });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
