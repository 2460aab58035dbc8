import { ownerTerms } from '@/lib/blog';
import { ownerJson } from '@/lib/edge/api/owner-form';
import { termInput, termKind } from '@/lib/edge/api/desk';
import { jsonHandler, NO_STORE, otherMethods } from '@/lib/edge/api/respond';

// POST { kind: category | tag, label, slug?, description? }: the owner makes a category or tag (201). The owner only
// (401, 403 cross-site); bad input or a slug taken, the catalogue's 400, nothing written.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const body = await ownerJson(request, 4096);
  const kind = termKind((body as { kind?: unknown } | null)?.kind);
  return Response.json({ term: await ownerTerms().create(kind, termInput(body)) }, { status: 201, headers: NO_STORE });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
