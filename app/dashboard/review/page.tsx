import type { Metadata } from 'next';
import { KeptText } from '@/components/dashboard/kept-text';
import { desk } from '@/lib/blog';
import { writerOf } from '@/lib/writers';
import { ownerLoad } from '../_owner/load';

export const metadata: Metadata = { title: 'Review' };

/** What the review route did, named by the `done` it redirects with (fixed words: nothing from the URL is shown). */
const DONE: Record<string, string> = {
  approved: 'Approved: the post is published, and its writer was told.',
  rejected: 'Sent back: the post is in its writer’s drafts with your note, and they were told.',
  answered: 'That post was answered already (in another tab?): nothing changed.',
  'note-needed': 'Nothing changed: say what the writer should change, in the note, to send a post back.',
};

/**
 * The owner's review queue: posts members submitted (lib/writers), newest edit first, each with its writer and when
 * it was submitted, a link to read it as readers will, and the owner's answer: Approve (published) or Send back with a
 * note (to the writer's drafts). Plain forms (app/api/owner/review): it works without JavaScript.
 */
export default async function ReviewPage({ searchParams }: PageProps<'/dashboard/review'>) {
  const queue = await ownerLoad('/dashboard/review', async () => {
    const posts = await desk().reviewQueue();
    const names = new Map(
      await Promise.all(
        [...new Set(posts.map((p) => p.review?.submittedBy ?? p.memberId ?? ''))]
          .filter(Boolean)
          .map(async (id) => [id, (await writerOf(id))?.name ?? id] as const),
      ),
    );
    return { posts, names };
  });
  if (queue.page) return queue.page;
  const done = DONE[String((await searchParams).done ?? '')];
  const { posts, names } = queue.value;
  return (
    <>
      <h1>Review</h1>
      {done ? (
        <p role="status" className="notice">
          {done}
        </p>
      ) : null}
      {posts.length === 0 ? (
        <p>Nothing is waiting for review. Members you let write (Members) submit their posts here.</p>
      ) : (
        <ul className="review-queue" aria-label="Posts waiting for review">
          {posts.map((post) => {
            const by = post.review?.submittedBy ?? post.memberId ?? '';
            return (
              <li key={post.id} className="panel review-queue__item">
                <h2>{post.title}</h2>
                <p className="muted">
                  By {names.get(by) ?? by}, submitted{' '}
                  <time dateTime={post.review?.submittedDate}>{post.review?.submittedDate.slice(0, 10)}</time>.{' '}
                  <a href={`/dashboard/drafts/${encodeURIComponent(post.id)}`}>Read it</a> ·{' '}
                  <a href={`/dashboard/posts/${encodeURIComponent(post.id)}`}>Edit it</a>
                </p>
                <form method="post" action={`/api/owner/review/${encodeURIComponent(post.id)}`}>
                  <button type="submit" name="decision" value="approve">
                    Approve and publish
                  </button>
                </form>
                <form method="post" action={`/api/owner/review/${encodeURIComponent(post.id)}`}>
                  <label htmlFor={`review-note-${post.id}`}>Note to the writer</label>
                  {/* Kept in this browser, so that an ended session or a closed tab loses none of it; per
                      submission: the note of one sent back never comes back on the next. */}
                  <KeptText
                    storageKey={`review-note:${post.id}:${post.review?.submittedDate ?? ''}`}
                    id={`review-note-${post.id}`}
                    name="note"
                    rows={3}
                    maxLength={2000}
                    required
                  />
                  <button type="submit" name="decision" value="reject">
                    Send back
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
