import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { getTotalPosts } from '@/lib/blog/reads';

export const GET = jsonHandler(async (request) => {
  const language = new URL(request.url).searchParams.get('language')?.trim() || undefined;
  return Response.json({ total: await getTotalPosts({ language }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
