import { decodeSegment } from '@/lib/core/site';
import { readJsonBody } from '@/lib/edge/api/body';
import { MAX_POST_BYTES } from '@/lib/edge/api/desk';
import { jsonHandler, NO_STORE, otherMethods } from '@/lib/edge/api/respond';
import { writerAction, writerDesk, writerInput } from '@/lib/edge/api/writer';

// A writer's own draft (lib/edge/api/writer.ts); another's post, or theirs once published, is a 404:
//   GET                 the draft as their editor opens it
//   PUT { title, … }    saves it (409 if it was saved elsewhere since editedDate)
//   POST { action }     submit (for the owner's review) or trash

type Context = { params: Promise<{ id: string }> };
const idOf = async (context: Context) => decodeSegment((await context.params).id);

export const GET = jsonHandler<Context>(async (request, context) => {
  const { desk } = await writerDesk(request);
  return Response.json({ post: await desk.open(await idOf(context!)) }, { headers: NO_STORE });
});

export const PUT = jsonHandler<Context>(async (request, context) => {
  const { desk } = await writerDesk(request);
  const post = await desk.save(await idOf(context!), await writerInput(request, MAX_POST_BYTES));
  return Response.json({ post }, { headers: NO_STORE });
});

export const POST = jsonHandler<Context>(async (request, context) => {
  const { desk } = await writerDesk(request);
  const id = await idOf(context!);
  if (writerAction(await readJsonBody(request, 1024)) === 'trash') {
    await desk.trash(id);
    return Response.json({ post: null }, { headers: NO_STORE });
  }
  return Response.json({ post: await desk.submit(id) }, { headers: NO_STORE });
});

export const { PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'PUT', 'POST']);
