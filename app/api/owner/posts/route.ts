import { desk } from '@/lib/blog';
import { ownerJson } from '@/lib/edge/api/owner-form';
import { deskInput, MAX_POST_BYTES } from '@/lib/edge/api/desk';
import { jsonHandler, NO_STORE, otherMethods } from '@/lib/edge/api/respond';

// POST { title, slug?, excerpt?, nodes }: the owner's editor makes a draft (lib/blog/desk). 201 with the draft as the
// editor opens it; the owner only (401, 403 cross-site), bad input the catalogue's 400 and nothing written.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  const input = await deskInput(await ownerJson(request, MAX_POST_BYTES));
  return Response.json({ post: await desk().create(input) }, { status: 201, headers: NO_STORE });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
