'use client';

import { COMMENT_NOTICES } from '@/lib/core/site';
import { CommentForm } from './comment-form';
import { MyComments } from './my-comments';

// The top of a post's comments: the notices a form post comes back to (shown by CSS `:target`, so they work without
// JavaScript), the form, the reader's own unpublished comments, and a line when there is nothing to show. A client
// component for its weight as much as its state: its markup is rendered into the page's HTML once, and the page's
// data carries only these props, not the markup again (the post page is kept under 64 KB, where a response a byte
// larger costs a sixth of its throughput: docs/benchmarks.md).

const NOTICES: [string, string][] = [
  [COMMENT_NOTICES.awaiting, 'Thank you! Your comment will appear once the author approves it.'],
  [COMMENT_NOTICES.captcha, 'Not posted: a quick check in your browser comes first, and it needs JavaScript.'],
  [COMMENT_NOTICES.limited, 'Not posted: too many comments in a short time. Please wait a few minutes.'],
  [COMMENT_NOTICES.invalid, 'Not posted: a comment is 1 to 12,000 characters.'],
];

export interface CommentsTopProps {
  postId: string;
  /** The form, on the thread's first page of a post that takes comments. */
  form: boolean;
  visitorsMayComment: boolean;
  signinHref: string;
  /** What the thread has to say when it shows no comment. */
  line: 'closed' | 'unavailable' | 'empty' | null;
}

const LINES = {
  closed: 'Comments are closed on this post.',
  unavailable: 'Comments cannot be shown right now. Please try again in a few minutes.',
  empty: 'No comments yet.',
};

export function CommentsTop({ postId, form, visitorsMayComment, signinHref, line }: CommentsTopProps) {
  return (
    <>
      {NOTICES.map(([id, text]) => (
        <p key={id} id={id} className="comments__notice" role="status" tabIndex={-1}>
          {text}
        </p>
      ))}
      {form && (
        <CommentForm
          postId={postId}
          visitorsMayComment={visitorsMayComment}
          label="Write a comment"
          signinHref={signinHref}
        />
      )}
      <MyComments postId={postId} />
      {line && (
        <p className={line === 'empty' ? 'muted' : undefined} role={line === 'unavailable' ? 'status' : undefined}>
          {LINES[line]}
        </p>
      )}
    </>
  );
}
