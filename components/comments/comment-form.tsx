'use client';

import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useHydrated } from '@/components/use-hydrated';
import { MEMBER_HINT_COOKIE, commentFragment, postCommentsApi } from '@/lib/core/site';
import { addOwnComment, type OwnComment, useReader } from './my-comments-store';

// The comment form (and each thread's reply form). Without JavaScript it is a plain form: the route answers with a
// 303 back to the comment, or to a notice of why it is not shown yet. Hydrated, it posts JSON and stays on the page:
// a published comment reloads the page at it (the route's event has refreshed the cached page), one that waits for
// approval joins the reader's own list, and a captcha the route asks for (428) is loaded then, not before.

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
  /** The sign-in page, coming back to this post's comments. */
  signinHref: string;
}

/** Whether the readable member hint cookie is set: true or false in the browser, null in the server's HTML. */
const hintSet = () => document.cookie.split(/;\s*/).some((c) => c.startsWith(`${MEMBER_HINT_COOKIE}=`));
const useMemberHint = (): boolean | null => (useHydrated() ? hintSet() : null);

type Answer = { comment?: OwnComment; captcha?: 'user' | 'silent'; error?: { message?: string } } | null;

export function CommentForm({ postId, parentId, visitorsMayComment, label, signinHref }: CommentFormProps) {
  const { member } = useReader(postId);
  const [status, setStatus] = useState<{ text: string; alert: boolean } | null>(null);
  const [captcha, setCaptcha] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const api = postCommentsApi(postId);
  const askName = visitorsMayComment && !member;
  const hinted = useMemberHint();

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
        setStatus({ text: 'Thank you! Your comment will appear once the author approves it.', alert: false });
      } else if (response.status === 428) {
        setCaptcha(true);
        setStatus({ text: 'One more step: tick the box below, then post again.', alert: true });
      } else if (response.status === 401) {
        window.location.assign(signinHref);
      } else {
        setStatus({
          text: body?.error?.message ?? `Your comment was not posted (HTTP ${response.status}).`,
          alert: true,
        });
      }
    } catch {
      setStatus({ text: 'You seem to be offline: your comment was not posted.', alert: true });
    } finally {
      setBusy(false);
    }
  }

  const invitation = (
    <p className="comment-form__who">
      Comments are open to members: <a href={signinHref}>sign in</a> or <a href="/join">join</a> first.
    </p>
  );
  // Where only members comment, a reader known not to be signed in (no member hint cookie) gets the invitation alone.
  if (!visitorsMayComment && !member && hinted === false) return invitation;

  const fields = (
    <>
      {askName && (
        <p>
          <label htmlFor={`${id}-name`}>Your name</label>
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
            <input type="checkbox" name="notify" value="on" /> E-mail me replies to this thread
          </label>
        </p>
      )}
      {captcha && (
        <Suspense fallback={<p className="muted">Loading the check…</p>}>
          <CaptchaField kind="user" challengeUrl={CAPTCHA_URL} />
        </Suspense>
      )}
      <div className="comment-form__actions">
        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {parentId ? 'Post reply' : 'Post comment'}
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
        <p className="comment-form__who">
          Commenting as <bdi>{member.name}</bdi>
        </p>
      ) : !visitorsMayComment ? (
        invitation
      ) : null}
      {/* The same page for everyone, and without JavaScript no one knows who reads it: where only members comment,
          the form waits behind the invitation for a member who is signed in already (a reply form is behind its
          thread's "Reply" already). */}
      {!visitorsMayComment && !member && !parentId ? (
        <details className="comment-form__signed-in">
          <summary>Signed in already? Write your comment</summary>
          {fields}
        </details>
      ) : (
        fields
      )}
    </form>
  );
}
