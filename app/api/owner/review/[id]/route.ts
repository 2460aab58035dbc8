import { desk } from '@/lib/blog';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { decodeSegment } from '@/lib/core/site';
import { ownerForm } from '@/lib/edge/api/owner-form';
import { jsonHandler, otherMethods, seeOther } from '@/lib/edge/api/respond';
import { type Writer, mailReview, writerOf } from '@/lib/writers';

// POST (the review queue's forms, /dashboard/review): `decision=approve`, or `decision=reject` with a `note`, on a
// post a member submitted; the owner only (401, 403 cross-site). Approved, the post is published under its writer's
// byline; sent back, it returns to their drafts with the note; either way the writer is mailed. A 303 back to the
// queue saying what was done; a post answered already, or a rejection without a note, changes nothing and says so.

type Context = { params: Promise<{ id: string }> };

export const POST = jsonHandler<Context>(async (request, context) => {
  const form = await ownerForm(request, 8 * 1024);
  const id = decodeSegment((await context!.params).id);
  const decision = form.get('decision');
  if (decision !== 'approve' && decision !== 'reject') throw errors.notAChoice('decision is approve or reject');
  const note = form.get('note') ?? undefined;
  // The writer the desk finds (once, as it reads the post) is the one mailed.
  let writer: Writer | null = null;
  try {
    const post = await desk().review(id, decision, note, async (memberId) => (writer = await writerOf(memberId)));
    if (writer) await mailReview(writer, post, decision, note);
  } catch (error) {
    if (isCatalogueError(error) && error.status === 409) return seeOther('/dashboard/review?done=answered');
    if (isCatalogueError(error) && error.status === 400 && decision === 'reject')
      return seeOther('/dashboard/review?done=note-needed');
    throw error;
  }
  return seeOther(`/dashboard/review?done=${decision === 'approve' ? 'approved' : 'rejected'}`);
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
