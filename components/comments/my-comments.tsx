'use client';

import { useReader } from './my-comments-store';
import { CommentControls, type ControlsWords } from './comment-controls';

// The reader's own comments that others do not see: waiting for the author's approval, or hidden by them. Only the
// member who wrote them sees them here (and may delete them); everyone else sees nothing. Its words are the page's
// language's, handed down by the server (English when none are).

export interface MyCommentsWords {
  heading: string;
  pending: string;
  hidden: string;
  controls?: ControlsWords;
}

const ENGLISH: MyCommentsWords = {
  heading: 'Your comments only you can see',
  pending: 'Awaiting approval',
  hidden: 'Hidden by the author',
};

export function MyComments({ postId, words: said = ENGLISH }: { postId: string; words?: MyCommentsWords }) {
  const { mine } = useReader(postId);
  const unseen = mine.filter((c) => c.status !== 'PUBLISHED');
  if (!unseen.length) return null;
  return (
    <section className="my-comments" aria-labelledby="my-comments-heading">
      <h3 id="my-comments-heading">{said.heading}</h3>
      <ul>
        {unseen.map((c) => (
          <li key={c.id} className="my-comments__item">
            <p className="comment__meta">
              <strong>{c.status === 'HIDDEN' ? said.hidden : said.pending}</strong>
            </p>
            <p className="comment__text" dir="auto">
              {c.text}
            </p>
            <CommentControls commentId={c.id} postId={postId} words={said.controls} />
          </li>
        ))}
      </ul>
    </section>
  );
}
