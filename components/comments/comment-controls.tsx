'use client';

import { type FormEvent, useId, useState } from 'react';
import { commentApi, commentFragment } from '@/lib/core/site';
import { useReader } from './my-comments-store';

// Edit and Delete on a comment, shown only to the member who wrote it (their own comments come from the page's one
// request, my-comments-store.ts); everyone else gets nothing. A change reloads the page at the comment: the route's
// event has refreshed the cached page by then.

const messageOf = async (response: Response) => {
  const body: unknown = await response.json().catch(() => null);
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? message : `The change failed (HTTP ${response.status}).`;
};

export function CommentControls({ commentId, postId }: { commentId: string; postId: string }) {
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
      if (!response.ok) return setError(await messageOf(response));
      window.location.hash = fragment;
      window.location.reload();
    } catch {
      setError('You seem to be offline: nothing was changed.');
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
          <label htmlFor={textId}>Edit your comment</label>
          <textarea id={textId} name="text" defaultValue={own.text} required maxLength={12_000} rows={4} />
          <div className="comment-form__actions">
            <button type="submit" disabled={busy}>
              Save
            </button>
            <button type="button" onClick={() => setMode('idle')}>
              Cancel
            </button>
          </div>
        </form>
      ) : mode === 'confirming' ? (
        <p className="comment__confirm">
          Delete this comment{own.parentId ? '' : ' and its replies'}?{' '}
          <button type="button" disabled={busy} onClick={() => void send({ method: 'DELETE' }, 'comments')}>
            Yes, delete
          </button>{' '}
          <button type="button" onClick={() => setMode('idle')}>
            Keep it
          </button>
        </p>
      ) : (
        <p className="comment__actions">
          <button type="button" onClick={() => setMode('editing')}>
            Edit
          </button>{' '}
          <button type="button" onClick={() => setMode('confirming')}>
            Delete
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
