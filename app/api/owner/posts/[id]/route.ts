import { desk } from '@/lib/blog';
import { ownerJson, ownerOnly } from '@/lib/edge/api/owner-form';
import { deskAction, deskInput, MAX_POST_BYTES } from '@/lib/edge/api/desk';
import { jsonHandler, NO_STORE, otherMethods } from '@/lib/edge/api/respond';
import { decodeSegment } from '@/lib/core/site';

// The owner's editor on one post (lib/blog/desk), the owner only (401, 403 cross-site):
//   GET                                          the post as the editor opens it
//   PUT { title, slug?, excerpt?, nodes, editedDate }  saves it (409 if it was saved elsewhere since editedDate)
//   POST { action, at? }                          publish, unpublish, schedule (at), unschedule, trash, restore

type Context = { params: Promise<{ id: string }> };
const idOf = async (context: Context) => decodeSegment((await context.params).id);

export const GET = jsonHandler<Context>(async (request, context) => {
  ownerOnly(request);
  return Response.json({ post: await desk().open(await idOf(context!)) }, { headers: NO_STORE });
});

export const PUT = jsonHandler<Context>(async (request, context) => {
  const input = await deskInput(await ownerJson(request, MAX_POST_BYTES));
  return Response.json({ post: await desk().save(await idOf(context!), input) }, { headers: NO_STORE });
});

export const POST = jsonHandler<Context>(async (request, context) => {
  const { action, at } = deskAction(await ownerJson(request, 1024));
  return Response.json({ post: await desk().act(await idOf(context!), action, at) }, { headers: NO_STORE });
});

export const { PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'PUT', 'POST']);
