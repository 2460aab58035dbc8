import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/blog/cache-tags';
import { BlogError, isBlogError } from '@/lib/blog/errors';
import type { CursorPage, Draft } from '@/lib/blog/schemas';
import { blogSource } from '@/lib/blog/sources';

// The owner's draft views, cached like every read and cleared by draft events (`drafts`, `draft:{id}`).
// Only called from pages that checked the session first. Catalogue errors cross the cache boundary as
// values, as in lib/blog/reads.ts.

type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; wde: string; message: string };

async function settle<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (!isBlogError(error)) throw error;
    cacheLife('seconds');
    return { ok: false, status: error.status, wde: error.wde, message: error.message };
  }
}

function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new BlogError(outcome.status, outcome.wde, outcome.message);
}

export const DRAFTS_PAGE_SIZE = 50;

async function cachedDrafts(cursor: string | null) {
  'use cache';
  cacheLife('hours');
  // `posts` too: on the local source a post edited out of PUBLISHED becomes a draft through a post event.
  cacheTag(cacheTags.drafts, cacheTags.posts);
  const outcome = await settle(() => blogSource().listDrafts({ cursor, limit: DRAFTS_PAGE_SIZE }));
  if (outcome.ok) for (const draft of outcome.value.items) cacheTag(cacheTags.draft(draft.id));
  return outcome;
}

async function cachedDraft(id: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.drafts, cacheTags.draft(id), cacheTags.post(id));
  return settle(() => blogSource().getDraft(id));
}

export const listDrafts = async (cursor?: string | null): Promise<CursorPage<Draft>> => unwrap(await cachedDrafts(cursor ?? null));

export const getDraft = async (id: string): Promise<Draft | null> => unwrap(await cachedDraft(id));
