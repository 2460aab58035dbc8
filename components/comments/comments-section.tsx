import { Fragment, type ReactNode } from 'react';
import { PostDate } from '@/components/post/post-date';
import type { CommentView, CommentsView } from '@/lib/comments/view';
import { MAIN_LANGUAGE, type Words, words } from '@/lib/core/i18n';
import { COMMENTS_FRAGMENT, commentFragment } from '@/lib/core/site';
import { CommentControls, type ControlsWords } from './comment-controls';
import { CommentForm, type FormWords } from './comment-form';
import { CommentsTop, type CommentsTopProps, type TopWords } from './comments-top';

// A post's comments: static HTML, the same for every reader (prerendered with the post, refreshed by each comment
// event through the `comments:{postId}` tag). What is the reader's own arrives in small islands: the form (which
// posts without JavaScript too), the edit and delete buttons on a member's comments, and their comments that wait.
// Written text is rendered as React text and links only (lib/comments/text.ts): nothing a reader writes is
// markup. Each name and text is isolated (<bdi>, dir="auto"), so right-to-left text cannot reorder what is around it.
// Its words are the page's language's (`language`, the main one by default); the islands get theirs as props, except
// in the main language, where their own English defaults are the same words and the page carries none.

type Line = CommentsTopProps['line'];

/** A comment's longest text, as the forms' `maxLength` (the route's limit: COMMENT_MAX_CHARS). */
const MAX_CHARS = 12_000;

/** The words the islands need, with a placeholder (`{status}`, `{name}`…) where they fill something in. */
function islandWords(t: Words['t']): { form: FormWords; controls: ControlsWords; top: Omit<TopWords, 'line'> } {
  const form: FormWords = {
    name: t('comments.name'),
    notify: t('comments.notify'),
    loadingCheck: t('comments.loadingCheck'),
    postReply: t('comments.postReply'),
    postComment: t('comments.postComment'),
    signedInAlready: t('comments.signedInAlready'),
    signedInReply: t('comments.signedInReply'),
    commentingAs: t('comments.commentingAs', { name: '{name}' }),
    invitation: t('comments.invitation', { signIn: '{signIn}', join: '{join}' }),
    replyInvitation: t('comments.replyInvitation', { signIn: '{signIn}', join: '{join}' }),
    signIn: t('comments.signIn'),
    join: t('comments.join'),
    awaiting: t('comments.awaiting'),
    captcha: t('comments.captcha'),
    repeated: t('comments.repeated'),
    notPosted: t('comments.notPosted', { status: '{status}' }),
    offline: t('comments.offline'),
  };
  const controls: ControlsWords = {
    edit: t('comments.edit'),
    delete: t('comments.delete'),
    editLabel: t('comments.editLabel'),
    save: t('comments.save'),
    cancel: t('comments.cancel'),
    confirmDelete: t('comments.confirmDelete'),
    confirmDeleteThread: t('comments.confirmDeleteThread'),
    yesDelete: t('comments.yesDelete'),
    keep: t('comments.keep'),
    failed: t('comments.changeFailed', { status: '{status}' }),
    offline: t('comments.changeOffline'),
  };
  const top = {
    captcha: t('comments.captchaNeeded'),
    limited: t('comments.limited'),
    invalid: t('comments.invalid', { max: MAX_CHARS }),
    write: t('comments.write'),
    form,
    mine: { heading: t('comments.mine'), pending: t('comments.pending'), hidden: t('comments.hidden'), controls },
  };
  return { form, controls, top };
}

/** Where a name goes in a message: the message is split around it, so each language places it. */
const NAME = '\u0000name\u0000';
function Named({ message, name }: { message: string; name: string }) {
  const [before, after] = message.split(NAME);
  return (
    <>
      {before || null}
      {name}
      {after || null}
    </>
  );
}

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

/**
 * The writer's picture, or their initials on a background of their own (app/globals.css). Decorative: hidden from
 * assistive technology, since the name beside it is read.
 */
function Avatar({ avatar }: { avatar: CommentView['avatar'] }) {
  if ('src' in avatar) {
    return (
      <img
        className="comment__avatar"
        src={avatar.src}
        alt=""
        aria-hidden="true"
        width={32}
        height={32}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className={`comment__avatar comment__avatar--${avatar.tone}`} aria-hidden="true">
      {avatar.initials}
    </span>
  );
}

function Comment({
  comment,
  postId,
  language,
  controls,
  children,
}: {
  comment: CommentView;
  postId: string;
  language: string;
  controls: ControlsWords | undefined;
  children?: ReactNode;
}) {
  const { t } = words(language);
  return (
    <li id={commentFragment(comment.id)} className="comment">
      <article aria-label={t('comments.by', { name: comment.authorName })}>
        <header className="comment__meta">
          <Avatar avatar={comment.avatar} />
          {comment.remote?.href ? (
            <a
              className="comment__author"
              href={comment.remote.href}
              rel="nofollow ugc noopener"
              title={comment.remote.handle}
            >
              <bdi>{comment.authorName}</bdi>
            </a>
          ) : (
            <bdi className="comment__author">{comment.authorName}</bdi>
          )}
          {comment.remote && <span className="comment__via">{t('comments.fediverse')}</span>}
          <PostDate iso={comment.createdDate} language={language} />
          {comment.edited && <span className="comment__edited">{t('comments.edited')}</span>}
        </header>
        <CommentText paragraphs={comment.paragraphs} />
        {comment.memberId && <CommentControls commentId={comment.id} postId={postId} words={controls} />}
      </article>
      {children}
    </li>
  );
}

export function CommentsSection({
  view,
  heading = true,
  language,
}: {
  view: CommentsView;
  heading?: boolean;
  /** The page's language (the main one by default). */
  language?: string | null;
}) {
  const { postId, count, threads, settings } = view;
  const { t, language: shown } = words(language);
  const line: Line =
    view.page !== 1
      ? null
      : !view.open
        ? 'closed'
        : !view.available
          ? 'unavailable'
          : threads.length === 0
            ? 'empty'
            : null;
  // One object each, shared by every island that gets it (the page's data refers to a repeated object, not a copy).
  const said = shown === MAIN_LANGUAGE ? null : islandWords(t);
  const top: TopWords | undefined = said ? { ...said.top, ...(line && { line: t(`comments.${line}`) }) } : undefined;
  return (
    <section id={COMMENTS_FRAGMENT} className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">
        {heading
          ? count
            ? t('comments.count', { count })
            : t('comments.heading')
          : t('comments.page', { page: String(view.page) })}
      </h2>
      <CommentsTop
        postId={postId}
        form={view.page === 1 && view.open}
        visitorsMayComment={settings.visitorsMayComment}
        signinHref={view.signinHref}
        line={line}
        words={top}
      />
      {threads.length > 0 && (
        <ol className="comments__list">
          {threads.map(({ comment, replies }) => (
            <Comment key={comment.id} comment={comment} postId={postId} language={shown} controls={said?.controls}>
              {replies.length > 0 && (
                <ol className="comments__replies">
                  {replies.map((reply) => (
                    <Comment
                      key={reply.id}
                      comment={reply}
                      postId={postId}
                      language={shown}
                      controls={said?.controls}
                    />
                  ))}
                </ol>
              )}
              {view.open && (
                <details className="comment__reply">
                  <summary>
                    {t('comments.reply')}
                    <span className="visually-hidden">
                      <Named message={t('comments.replyHidden', { name: NAME })} name={comment.authorName} />
                    </span>
                  </summary>
                  <CommentForm
                    postId={postId}
                    parentId={comment.id}
                    visitorsMayComment={settings.visitorsMayComment}
                    label={t('comments.replyTo', { name: comment.authorName })}
                    signinHref={view.signinHref}
                    words={said?.form}
                  />
                </details>
              )}
            </Comment>
          ))}
        </ol>
      )}
      {(view.newer || view.older) && (
        <nav className="comments__pages" aria-label={t('comments.pages')}>
          {view.newer && <a href={view.newer}>{t('comments.newer')}</a>}
          {view.older && <a href={view.older}>{t('comments.older')}</a>}
        </nav>
      )}
    </section>
  );
}
