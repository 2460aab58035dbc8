'use client';

import { type FormEvent, useId, useState } from 'react';
import { commentApi, commentFragment } from '@/lib/core/site';
import { useReader } from './my-comments-store';

// Edit and Delete on a comment, shown only to the member who wrote it (their own comments come from the page's one
// request, my-comments-store.ts); everyone else gets nothing. A change reloads the page at the comment: the route's
// event has refreshed the cached page by then. Its words are the page's language's, handed down by the server (English
// when none are).

export interface ControlsWords {
  edit: string;
  delete: string;
  editLabel: string;
  save: string;
  cancel: string;
  /** "Delete this comment?" for a reply, "…and its replies?" for a thread's first comment. */
  confirmDelete: string;
  confirmDeleteThread: string;
  yesDelete: string;
  keep: string;
  /** `{status}` is the response's HTTP status. */
  failed: string;
  offline: string;
}

const ENGLISH: ControlsWords = {
  edit: 'Edit',
  delete: 'Delete',
  editLabel: 'Edit your comment',
  save: 'Save',
  cancel: 'Cancel',
  confirmDelete: 'Delete this comment?',
  confirmDeleteThread: 'Delete this comment and its replies?',
  yesDelete: 'Yes, delete',
  keep: 'Keep it',
  failed: 'The change failed (HTTP {status}).',
  offline: 'You seem to be offline: nothing was changed.',
};

const messageOf = async (response: Response, said: ControlsWords) => {
  const body: unknown = await response.json().catch(() => null);
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? message : said.failed.replace('{status}', String(response.status));
};

export function CommentControls({
  commentId,
  postId,
  words: said = ENGLISH,
}: {
  commentId: string;
  postId: string;
  words?: ControlsWords;
}) {
  const { mine } = useReader(postId);
  const own = mine.find((c) => c.id === commentId);
  const [mode, setMode] = useState<'idle' | 'editing' | 'confirming'>('idle');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const textId = useId();
  if (!own) return null;

  async function send(init: RequestInit, fragment: string) {
    setBusy(true);
    setError('');
    try {
      const response = await fetch(commentApi(commentId), {
        ...init,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        cache: 'no-store',
      });
      if (!response.ok) return setError(await messageOf(response, said));
      window.location.hash = fragment;
      window.location.reload();
    } catch {
      setError(said.offline);
    } finally {
      setBusy(false);
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('text');
    void send({ method: 'PATCH', body: JSON.stringify({ text }) }, commentFragment(commentId));
  }

  return (
    <div className="comment__controls">
      {mode === 'editing' ? (
        <form onSubmit={save} className="comment-form">
          <label htmlFor={textId}>{said.editLabel}</label>
          <textarea id={textId} name="text" defaultValue={own.text} required maxLength={12_000} rows={4} />
          <div className="comment-form__actions">
            <button type="submit" disabled={busy}>
              {said.save}
            </button>
            <button type="button" onClick={() => setMode('idle')}>
              {said.cancel}
            </button>
          </div>
        </form>
      ) : mode === 'confirming' ? (
        <p className="comment__confirm">
          {own.parentId ? said.confirmDelete : said.confirmDeleteThread}{' '}
          <button type="button" disabled={busy} onClick={() => void send({ method: 'DELETE' }, 'comments')}>
            {said.yesDelete}
          </button>{' '}
          <button type="button" onClick={() => setMode('idle')}>
            {said.keep}
          </button>
        </p>
      ) : (
        <p className="comment__actions">
          <button type="button" onClick={() => setMode('editing')}>
            {said.edit}
          </button>{' '}
          <button type="button" onClick={() => setMode('confirming')}>
            {said.delete}
          </button>
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
