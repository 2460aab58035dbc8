import { parseStatsParams } from '@/lib/edge/api/params';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { getPostCountStats } from '@/lib/blog/reads';

export const GET = jsonHandler(async (request) => {
  const stats = await getPostCountStats(parseStatsParams(new URL(request.url).searchParams));
  return Response.json({ stats });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
