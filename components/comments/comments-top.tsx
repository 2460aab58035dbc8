'use client';

import { COMMENT_NOTICES } from '@/lib/core/site';
import { CommentForm, type FormWords } from './comment-form';
import { MyComments, type MyCommentsWords } from './my-comments';

// The top of a post's comments: the notices a form post comes back to (shown by CSS `:target`, so they work without
// JavaScript), the form, the reader's own unpublished comments, and a line when there is nothing to show. A client
// component for its weight as much as its state: its markup is rendered into the page's HTML once, and the page's
// data carries only these props, not the markup again (the post page is kept under 64 KB, where a response a byte
// larger costs a sixth of its throughput: docs/benchmarks.md). Its words are the page's language's, handed down by
// the server (English when none are, so an English page carries no words at all).

export interface TopWords {
  /** The notices besides "awaiting", which is the form's. */
  captcha: string;
  limited: string;
  invalid: string;
  /** The text of the `line` shown, if any. */
  line?: string;
  write: string;
  form: FormWords;
  mine: MyCommentsWords;
}

const ENGLISH_NOTICES = {
  awaiting: 'Thank you! Your comment will appear once the author approves it.',
  captcha: 'Not posted: a quick check in your browser comes first, and it needs JavaScript.',
  limited: 'Not posted: too many comments in a short time. Please wait a few minutes.',
  invalid: 'Not posted: a comment is 1 to 12,000 characters.',
};

export interface CommentsTopProps {
  postId: string;
  /** The form, on the thread's first page of a post that takes comments. */
  form: boolean;
  visitorsMayComment: boolean;
  signinHref: string;
  /** What the thread has to say when it shows no comment. */
  line: 'closed' | 'unavailable' | 'empty' | null;
  words?: TopWords;
}

const LINES = {
  closed: 'Comments are closed on this post.',
  unavailable: 'Comments cannot be shown right now. Please try again in a few minutes.',
  empty: 'No comments yet.',
};

export function CommentsTop({ postId, form, visitorsMayComment, signinHref, line, words: said }: CommentsTopProps) {
  const notices: [string, string][] = [
    [COMMENT_NOTICES.awaiting, said?.form.awaiting ?? ENGLISH_NOTICES.awaiting],
    [COMMENT_NOTICES.captcha, said?.captcha ?? ENGLISH_NOTICES.captcha],
    [COMMENT_NOTICES.limited, said?.limited ?? ENGLISH_NOTICES.limited],
    [COMMENT_NOTICES.invalid, said?.invalid ?? ENGLISH_NOTICES.invalid],
  ];
  return (
    <>
      {notices.map(([id, text]) => (
        <p key={id} id={id} className="comments__notice" role="status" tabIndex={-1}>
          {text}
        </p>
      ))}
      {form && (
        <CommentForm
          postId={postId}
          visitorsMayComment={visitorsMayComment}
          label={said?.write ?? 'Write a comment'}
          signinHref={signinHref}
          words={said?.form}
        />
      )}
      <MyComments postId={postId} words={said?.mine} />
      {line && (
        <p className={line === 'empty' ? 'muted' : undefined} role={line === 'unavailable' ? 'status' : undefined}>
          {said?.line ?? LINES[line]}
        </p>
      )}
    </>
  );
}
