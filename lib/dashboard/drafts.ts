import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/blog/cache-tags';
import { readKey, settle, unwrap } from '@/lib/blog/outcome';
import type { CursorPage, Draft } from '@/lib/blog/schemas';
import { blogSource } from '@/lib/blog/sources';

// The owner's draft views, cached like every read and cleared by draft events (`drafts`, `draft:{id}`).
// Only called from pages that checked the session first.

export const DRAFTS_PAGE_SIZE = 50;

async function cachedDrafts(cursor: string | null) {
  'use cache';
  cacheLife('hours');
  // `posts` too: on the local source a post edited out of PUBLISHED becomes a draft through a post event.
  cacheTag(cacheTags.drafts, cacheTags.posts);
  const outcome = await settle(readKey('drafts', cursor), () => blogSource().listDrafts({ cursor, limit: DRAFTS_PAGE_SIZE }));
  if (outcome.ok) for (const draft of outcome.value.items) cacheTag(cacheTags.draft(draft.id));
  return outcome;
}

async function cachedDraft(id: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.drafts, cacheTags.draft(id), cacheTags.post(id));
  return settle(readKey('draft', id), () => blogSource().getDraft(id));
}

export const listDrafts = async (cursor?: string | null): Promise<CursorPage<Draft>> => unwrap(await cachedDrafts(cursor ?? null));

export const getDraft = async (id: string): Promise<Draft | null> => unwrap(await cachedDraft(id));
