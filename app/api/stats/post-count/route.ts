import { parseStatsParams } from '@/lib/api/params';
import { jsonHandler } from '@/lib/api/respond';
import { getPostCountStats } from '@/lib/blog/reads';

export const GET = jsonHandler(async (request) => {
  const stats = await getPostCountStats(parseStatsParams(new URL(request.url).searchParams));
  return Response.json({ stats });
});
