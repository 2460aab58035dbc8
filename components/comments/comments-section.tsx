import { Fragment, type ReactNode } from 'react';
import { PostDate } from '@/components/post/post-date';
import type { CommentView, CommentsView } from '@/lib/comments/view';
import { COMMENTS_FRAGMENT, commentFragment } from '@/lib/core/site';
import { CommentControls } from './comment-controls';
import { CommentForm } from './comment-form';
import { CommentsTop } from './comments-top';

// A post's comments: static HTML, the same for every reader (prerendered with the post, refreshed by each comment
// event through the `comments:{postId}` tag). What is the reader's own arrives in small islands: the form (which
// posts without JavaScript too), the edit and delete buttons on a member's comments, and their comments that wait.
// Written text is rendered as React text and links only (lib/comments/text.ts): nothing a reader writes is
// markup. Each name and text is isolated (<bdi>, dir="auto"), so right-to-left text cannot reorder what is around it.

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
      <CommentsTop
        postId={postId}
        form={view.page === 1 && view.open}
        visitorsMayComment={settings.visitorsMayComment}
        signinHref={view.signinHref}
        line={
          view.page !== 1
            ? null
            : !view.open
              ? 'closed'
              : !view.available
                ? 'unavailable'
                : threads.length === 0
                  ? 'empty'
                  : null
        }
      />
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
