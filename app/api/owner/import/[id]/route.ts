import { errors } from '@/lib/core/errors';
import { ownerOnly } from '@/lib/edge/api/owner-form';
import { jsonHandler, NO_STORE, otherMethods } from '@/lib/edge/api/respond';
import { siteImports } from '@/lib/transfer';

// GET an import's job (the dashboard's Import page follows it): its step, its progress, its report once it ended.
// The owner only (401; 403 cross-site); an id no import has, 404.

export const GET = jsonHandler<RouteContext<'/api/owner/import/[id]'>>(async (request, { params }) => {
  ownerOnly(request);
  const { id } = await params;
  const job = await siteImports().get(id);
  if (!job) throw errors.notFound(`no import has the id "${id.slice(0, 100)}"`);
  return Response.json({ job }, { headers: NO_STORE });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
