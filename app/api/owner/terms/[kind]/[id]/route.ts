import { ownerTerms } from '@/lib/blog';
import { ownerJson, ownerOnly } from '@/lib/edge/api/owner-form';
import { termInput, termKind } from '@/lib/edge/api/desk';
import { jsonHandler, NO_STORE, otherMethods } from '@/lib/edge/api/respond';

// One category or tag, the owner only (401, 403 cross-site):
//   PUT { label, slug?, description? }   renames it, changes its slug or description
//   DELETE                              deletes it and takes it off its posts; answers how many posts it was on

type Context = { params: Promise<{ kind: string; id: string }> };

export const PUT = jsonHandler<Context>(async (request, context) => {
  const { kind, id } = await context!.params;
  const input = termInput(await ownerJson(request, 4096));
  return Response.json({ term: await ownerTerms().update(termKind(kind), id, input) }, { headers: NO_STORE });
});

export const DELETE = jsonHandler<Context>(async (request, context) => {
  ownerOnly(request);
  const { kind, id } = await context!.params;
  return Response.json({ posts: await ownerTerms().remove(termKind(kind), id) }, { headers: NO_STORE });
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods(['PUT', 'DELETE']);
