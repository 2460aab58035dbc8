import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '../../core/reads';
import type { CursorPage, Draft, ScheduledDraft } from '../types';
import { blogSource, scheduledDrafts } from '..';

// The cached reads of the owner's drafts: a page of drafts, one draft, and the scheduled ones.

// The owner's drafts, cleared by draft events (`drafts`, `draft:{id}`); only pages that checked the session call these.
const DRAFTS_PAGE_SIZE = 50;

async function cachedDrafts(cursor: string | null) {
  'use cache';
  cacheLife('hours');
  // `posts` too: on the local source a post edited out of PUBLISHED becomes a draft through a post event.
  cacheTag(cacheTags.drafts, cacheTags.posts);
  const outcome = await settle(readKey('drafts', cursor), () =>
    blogSource().listDrafts({ cursor, limit: DRAFTS_PAGE_SIZE }),
  );
  if (outcome.ok) for (const draft of outcome.value.items) cacheTag(cacheTags.draft(draft.id));
  return outcome;
}

async function cachedDraft(id: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.drafts, cacheTags.draft(id), cacheTags.post(id));
  return settle(readKey('draft', id), () => blogSource().getDraft(id));
}

export const listDrafts = async (cursor?: string | null): Promise<CursorPage<Draft>> =>
  unwrap(await cachedDrafts(cursor ?? null));

export const getDraft = async (id: string): Promise<Draft | null> => unwrap(await cachedDraft(id));

async function cachedScheduled() {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.drafts, cacheTags.posts);
  return settle(readKey('scheduled'), () => scheduledDrafts());
}

/** The scheduled drafts, soonest first (the owner's Drafts page). */
export const getScheduledDrafts = async (): Promise<ScheduledDraft[]> => unwrap(await cachedScheduled());
