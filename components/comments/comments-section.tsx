import { Fragment, type ReactNode } from 'react';
import { PostDate } from '@/components/post/post-date';
import type { CommentView, CommentsView } from '@/lib/pages/comments';
import { COMMENTS_FRAGMENT, COMMENT_NOTICES, commentFragment } from '@/lib/site';
import { CommentControls } from './comment-controls';
import { CommentForm } from './comment-form';
import { MyComments } from './my-comments';

// A post's comments: static HTML, the same for every reader (prerendered with the post, refreshed by each comment
// event through the `comments:{postId}` tag). What is the reader's own arrives in small islands: the form (which
// posts without JavaScript too), the edit and delete buttons on a member's comments, and their comments that wait.
// Written text is rendered as React text and links only (lib/text/comment-text.ts): nothing a reader writes is
// markup. Each name and text is isolated (<bdi>, dir="auto"), so right-to-left text cannot reorder what is around it.

const NOTICES: { id: string; text: string }[] = [
  { id: COMMENT_NOTICES.awaiting, text: 'Thank you! Your comment will appear once the author approves it.' },
  {
    id: COMMENT_NOTICES.captcha,
    text: 'Your comment was not posted: a quick check in your browser is needed first, which needs JavaScript.',
  },
  {
    id: COMMENT_NOTICES.limited,
    text: 'Your comment was not posted: too many comments in a short time. Please wait a few minutes.',
  },
  { id: COMMENT_NOTICES.invalid, text: 'Your comment was not posted: it was empty or longer than 12,000 characters.' },
];

const countText = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'comment' : 'comments'}`;

function CommentText({ paragraphs }: { paragraphs: CommentView['paragraphs'] }) {
  return (
    <div className="comment__text" dir="auto">
      {paragraphs.map((lines, p) => (
        <p key={p}>
          {lines.map((segments, l) => (
            <Fragment key={l}>
              {l > 0 && <br />}
              {segments.map((s, i) =>
                'href' in s ? (
                  <a key={i} href={s.href} rel="nofollow ugc noopener noreferrer">
                    {s.text}
                  </a>
                ) : (
                  <Fragment key={i}>{s.text}</Fragment>
                ),
              )}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}

function Comment({ comment, postId, children }: { comment: CommentView; postId: string; children?: ReactNode }) {
  return (
    <li id={commentFragment(comment.id)} className="comment">
      <article aria-label={`Comment by ${comment.authorName}`}>
        <header className="comment__meta">
          <bdi className="comment__author">{comment.authorName}</bdi>
          <PostDate iso={comment.createdDate} />
          {comment.edited && <span className="comment__edited">edited</span>}
        </header>
        <CommentText paragraphs={comment.paragraphs} />
        {comment.memberId && <CommentControls commentId={comment.id} postId={postId} />}
      </article>
      {children}
    </li>
  );
}

export function CommentsSection({ view, heading = true }: { view: CommentsView; heading?: boolean }) {
  const { postId, count, threads, settings } = view;
  return (
    <section id={COMMENTS_FRAGMENT} className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">{heading ? (count ? countText(count) : 'Comments') : `Comments, page ${view.page}`}</h2>
      {NOTICES.map((n) => (
        <p key={n.id} id={n.id} className="comments__notice" role="status" tabIndex={-1}>
          {n.text}
        </p>
      ))}
      {view.page === 1 && !view.open && <p className="comments__closed">Comments are closed on this post.</p>}
      {view.page === 1 && view.open && (
        <CommentForm
          postId={postId}
          visitorsMayComment={settings.visitorsMayComment}
          label="Write a comment"
          signinHref={view.signinHref}
        />
      )}
      <MyComments postId={postId} />
      {!view.available && <p role="status">Comments cannot be shown right now. Please try again in a few minutes.</p>}
      {view.available && threads.length === 0 && view.page === 1 && <p className="muted">No comments yet.</p>}
      {threads.length > 0 && (
        <ol className="comments__list">
          {threads.map(({ comment, replies }) => (
            <Comment key={comment.id} comment={comment} postId={postId}>
              {replies.length > 0 && (
                <ol className="comments__replies">
                  {replies.map((reply) => (
                    <Comment key={reply.id} comment={reply} postId={postId} />
                  ))}
                </ol>
              )}
              {view.open && (
                <details className="comment__reply">
                  <summary>
                    Reply<span className="visually-hidden"> to {comment.authorName}</span>
                  </summary>
                  <CommentForm
                    postId={postId}
                    parentId={comment.id}
                    visitorsMayComment={settings.visitorsMayComment}
                    label={`Reply to ${comment.authorName}`}
                    signinHref={view.signinHref}
                  />
                </details>
              )}
            </Comment>
          ))}
        </ol>
      )}
      {(view.newer || view.older) && (
        <nav className="comments__pages" aria-label="Comment pages">
          {view.newer && <a href={view.newer}>← Newer comments</a>}
          {view.older && <a href={view.older}>Older comments →</a>}
        </nav>
      )}
    </section>
  );
}
