'use client';

import { useReader } from './my-comments-store';
import { CommentControls } from './comment-controls';

// The reader's own comments that others do not see: waiting for the author's approval, or hidden by them. Only the
// member who wrote them sees them here (and may delete them); everyone else sees nothing.

const STATUS = { PENDING: 'Awaiting approval', HIDDEN: 'Hidden by the author' } as const;

export function MyComments({ postId }: { postId: string }) {
  const { mine } = useReader(postId);
  const unseen = mine.filter((c) => c.status !== 'PUBLISHED');
  if (!unseen.length) return null;
  return (
    <section className="my-comments" aria-labelledby="my-comments-heading">
      <h3 id="my-comments-heading">Your comments only you can see</h3>
      <ul>
        {unseen.map((c) => (
          <li key={c.id} className="my-comments__item">
            <p className="comment__meta">
              <strong>{STATUS[c.status as keyof typeof STATUS]}</strong>
            </p>
            <p className="comment__text" dir="auto">
              {c.text}
            </p>
            <CommentControls commentId={c.id} postId={postId} />
          </li>
        ))}
      </ul>
    </section>
  );
}
