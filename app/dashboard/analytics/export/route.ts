import { analyticsCsv } from '@/lib/analytics/reads';
import { authErrors } from '@/lib/owner';
import { errors } from '@/lib/core/errors';
import { isOwner } from '@/lib/edge/api/caller';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';

// GET /dashboard/analytics/export?table=…&range=… (or from=…&to=…; post=… for one post's): one of the analytics
// page's tables as CSV, for the owner only (401 otherwise, and nothing of it). An unknown table or period is the
// catalogue's 400.

export const GET = jsonHandler(async (request: Request) => {
  if (!isOwner(request)) throw authErrors.notOwner();
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const csv = await analyticsCsv(query);
  if (!csv) throw errors.notAChoice('table is not one of the analytics page’s tables');
  return new Response(csv.text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csv.name}"`,
      'Cache-Control': 'no-store',
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
