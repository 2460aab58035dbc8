import { MAX_POST_BYTES } from '@/lib/edge/api/desk';
import { jsonHandler, NO_STORE, otherMethods } from '@/lib/edge/api/respond';
import { writerDesk, writerInput } from '@/lib/edge/api/writer';

// A writer's posts (a member the owner lets write; lib/edge/api/writer.ts): GET lists their own, newest edit first;
// POST { title, nodes, … } makes a draft of theirs (201).

export const GET = jsonHandler(async (request: Request) => {
  const { desk } = await writerDesk(request);
  return Response.json({ posts: await desk.list() }, { headers: NO_STORE });
});

export const POST = jsonHandler(async (request: Request) => {
  const { desk } = await writerDesk(request);
  const post = await desk.create(await writerInput(request, MAX_POST_BYTES));
  return Response.json({ post }, { status: 201, headers: NO_STORE });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
