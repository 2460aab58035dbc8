'use client';

import { type FormEvent, Fragment, lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { useHydrated } from '@/components/use-hydrated';
import { hasMemberHint, commentFragment, postCommentsApi } from '@/lib/core/site';
import { addOwnComment, type OwnComment, useReader } from './my-comments-store';

// The comment form (and each thread's reply form). Without JavaScript it is a plain form: the route answers with a
// 303 back to the comment, or to a notice of why it is not shown yet. Hydrated, it posts JSON and stays on the page:
// a published comment reloads the page at it (the route's event has refreshed the cached page), one that waits for
// approval joins the reader's own list, and a captcha the route asks for (428) is loaded then, not before. Its words
// are the page's language's, handed down by the server (English when none are).

const CaptchaField = lazy(() =>
  import('@/components/members/captcha-field').then((m) => ({ default: m.CaptchaField })),
);

const CAPTCHA_URL = '/api/members/captcha';

interface CommentFormProps {
  postId: string;
  /** The top-level comment a reply answers. */
  parentId?: string;
  visitorsMayComment: boolean;
  label: string;
  /** The sign-in page, coming back to this post's comments (a reply's invitation comes back to its thread). */
  signinHref: string;
  words?: FormWords;
}

export interface FormWords {
  name: string;
  notify: string;
  loadingCheck: string;
  postReply: string;
  postComment: string;
  signedInAlready: string;
  /** The same, before a reply's text. */
  signedInReply: string;
  /** `{name}` is the member's name. */
  commentingAs: string;
  /** `{signIn}` and `{join}` are the links, whose words are `signIn` and `join`. */
  invitation: string;
  /** A reply's invitation, with the same two links. */
  replyInvitation: string;
  signIn: string;
  join: string;
  awaiting: string;
  captcha: string;
  /** The route's 409: the reader's last comment here says the same. */
  repeated: string;
  /** `{status}` is the response's HTTP status. */
  notPosted: string;
  offline: string;
}

const ENGLISH: FormWords = {
  name: 'Your name',
  notify: 'E-mail me replies to this thread',
  loadingCheck: 'Loading the check…',
  postReply: 'Post reply',
  postComment: 'Post comment',
  signedInAlready: 'Signed in already? Write your comment',
  signedInReply: 'Signed in already? Write your reply',
  commentingAs: 'Commenting as {name}',
  invitation: 'Comments are open to members: {signIn} or {join} first.',
  replyInvitation: 'To reply, {signIn} or {join}.',
  signIn: 'sign in',
  join: 'join',
  awaiting: 'Thank you! Your comment will appear once the author approves it.',
  captcha: 'One more step: tick the box below, then post again.',
  repeated: 'Not posted: your last comment here says the same.',
  notPosted: 'Your comment was not posted (HTTP {status}).',
  offline: 'You seem to be offline: your comment was not posted.',
};

/** A message with its `{placeholders}` replaced by elements: "… {signIn} or {join} …" with the two links. */
const fill = (message: string, parts: Record<string, ReactNode>) =>
  message
    .split(/(\{\w+\})/)
    .map((piece, i) => (i % 2 ? <Fragment key={i}>{parts[piece.slice(1, -1)]}</Fragment> : piece || null));

/**
 * The sign-in and join pages, each coming back (`next`) where the sign-in page of `signinHref` does: to a reply's
 * thread for a reply.
 */
function invitationLinks(signinHref: string, parentId: string | undefined) {
  const signIn = new URL(signinHref, 'https://site.invalid');
  const next = signIn.searchParams.get('next');
  if (next === null) return { signIn: signinHref, join: '/join' };
  const back = parentId ? `${next.replace(/#.*$/, '')}#${commentFragment(parentId)}` : next;
  signIn.searchParams.set('next', back);
  return { signIn: `${signIn.pathname}${signIn.search}`, join: `/join?${new URLSearchParams({ next: back })}` };
}

/** Whether the readable member hint cookie is set: true or false in the browser, null in the server's HTML. */
const useMemberHint = (): boolean | null => (useHydrated() ? hasMemberHint(document.cookie) : null);

type Answer = { comment?: OwnComment; captcha?: 'user' | 'silent'; error?: { message?: string } } | null;

export function CommentForm({
  postId,
  parentId,
  visitorsMayComment,
  label,
  signinHref,
  words: said = ENGLISH,
}: CommentFormProps) {
  const { member } = useReader(postId);
  const [status, setStatus] = useState<{ text: string; alert: boolean } | null>(null);
  const [captcha, setCaptcha] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const api = postCommentsApi(postId);
  const askName = visitorsMayComment && !member;
  const hinted = useMemberHint();
  const links = invitationLinks(signinHref, parentId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    setBusy(true);
    setStatus(null);
    try {
      const response = await fetch(api, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(fields),
        cache: 'no-store',
      });
      const body = (await response.json().catch(() => null)) as Answer;
      if (response.status === 201 && body?.comment) {
        if (body.comment.status === 'PUBLISHED') {
          window.location.hash = commentFragment(body.comment.id);
          window.location.reload();
          return;
        }
        addOwnComment(body.comment);
        form.current?.reset();
        setCaptcha(false);
        setStatus({ text: said.awaiting, alert: false });
      } else if (response.status === 428) {
        setCaptcha(true);
        setStatus({ text: said.captcha, alert: true });
      } else if (response.status === 401) {
        window.location.assign(links.signIn);
      } else if (response.status === 409) {
        setStatus({ text: said.repeated, alert: true });
      } else {
        setStatus({
          text: body?.error?.message ?? said.notPosted.replace('{status}', String(response.status)),
          alert: true,
        });
      }
    } catch {
      setStatus({ text: said.offline, alert: true });
    } finally {
      setBusy(false);
    }
  }

  const invitation = (
    <p className="comment-form__who">
      {fill(parentId ? said.replyInvitation : said.invitation, {
        signIn: <a href={links.signIn}>{said.signIn}</a>,
        join: <a href={links.join}>{said.join}</a>,
      })}
    </p>
  );
  // Where only members comment, a reader known not to be signed in (no member hint cookie) gets the invitation alone:
  // no text box they could not use.
  if (!visitorsMayComment && !member && hinted === false) return invitation;

  const fields = (
    <>
      {askName && (
        <p>
          <label htmlFor={`${id}-name`}>{said.name}</label>
          <input id={`${id}-name`} name="name" required maxLength={60} autoComplete="name" />
        </p>
      )}
      <p>
        <label htmlFor={`${id}-text`}>{label}</label>
        <textarea id={`${id}-text`} name="text" required maxLength={12_000} rows={parentId ? 3 : 5} />
      </p>
      {(member || !visitorsMayComment) && (
        <p className="comment-form__notify">
          <label>
            <input type="checkbox" name="notify" value="on" />
            {` ${said.notify}`}
          </label>
        </p>
      )}
      {captcha && (
        <Suspense fallback={<p className="muted">{said.loadingCheck}</p>}>
          <CaptchaField kind="user" challengeUrl={CAPTCHA_URL} />
        </Suspense>
      )}
      <div className="comment-form__actions">
        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {parentId ? said.postReply : said.postComment}
        </button>
        {status && (
          <p className={status.alert ? 'form-error' : 'comment-form__status'} role={status.alert ? 'alert' : 'status'}>
            {status.text}
          </p>
        )}
      </div>
    </>
  );

  return (
    <form ref={form} className="comment-form" method="post" action={api} onSubmit={submit}>
      {parentId && <input type="hidden" name="parentId" value={parentId} />}
      {member ? (
        <p className="comment-form__who">{fill(said.commentingAs, { name: <bdi>{member.name}</bdi> })}</p>
      ) : !visitorsMayComment ? (
        invitation
      ) : null}
      {/* The same page for everyone, and without JavaScript no one knows who reads it: where only members comment,
          the form (a thread's reply form too) waits behind the invitation for a member who is signed in already. Once
          the page knows the member, the same element opens for good: the fields stay where they are, and what was
          typed behind the invitation before the page knew stays in them (a new element would start empty). */}
      {visitorsMayComment ? (
        fields
      ) : (
        <details className="comment-form__signed-in" open={member ? true : undefined}>
          <summary hidden={Boolean(member)}>{parentId ? said.signedInReply : said.signedInAlready}</summary>
          {fields}
        </details>
      )}
    </form>
  );
}
