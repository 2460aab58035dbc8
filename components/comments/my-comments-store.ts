'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { hasMemberHint, postCommentsApi } from '@/lib/core/site';

// What the comment islands of one page share: who the reader is (a member's name) and their own comments on the post,
// fetched once, only when the readable member hint cookie says a member may be signed in (other readers make no
// request). A comment written on the page joins the list at once.

export interface OwnComment {
  id: string;
  parentId: string | null;
  text: string;
  status: 'PUBLISHED' | 'PENDING' | 'HIDDEN';
  createdDate: string;
}

export interface Reader {
  member: { name: string } | null;
  mine: OwnComment[];
}

const NOBODY: Reader = { member: null, mine: [] };
let reader: Reader = NOBODY;
let requested: string | null = null;
const listeners = new Set<() => void>();

const publish = (next: Reader) => {
  reader = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const isReader = (body: unknown): body is Reader =>
  typeof body === 'object' && body !== null && Array.isArray((body as Reader).mine) && 'member' in body;

/** The reader of this page (nobody until known, and on the server). */
export function useReader(postId: string): Reader {
  useEffect(() => {
    if (requested === postId) return;
    requested = postId;
    if (!hasMemberHint(document.cookie)) return;
    fetch(postCommentsApi(postId), { cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => isReader(body) && publish(body))
      // Offline: the page shows what everyone sees.
      .catch(() => {});
  }, [postId]);
  return useSyncExternalStore(
    subscribe,
    () => reader,
    () => NOBODY,
  );
}

/** A comment the reader just wrote. */
export const addOwnComment = (comment: OwnComment) => publish({ ...reader, mine: [...reader.mine, comment] });
