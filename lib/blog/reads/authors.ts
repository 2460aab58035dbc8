import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '../../core/reads';
import type { Author } from '../authors';
import { blogSource } from '..';

// The cached reads of writers: a writer's public profile, by member id or by slug.

// A writer's public profile, tagged `author:{memberId}`: a member event (or a change to the local authors.json
// announced by one) clears it. A slug no one has is cached under `authors`, so the member who takes it clears it.
async function cachedAuthor(memberId: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.author(memberId));
  return settle(readKey('author', memberId), () => blogSource().getAuthor(memberId));
}

async function cachedAuthorBySlug(slug: string) {
  'use cache';
  cacheLife('hours');
  const outcome = await settle(readKey('authorBySlug', slug), () => blogSource().getAuthorBySlug(slug));
  if (outcome.ok && outcome.value) cacheTag(cacheTags.author(outcome.value.id));
  else cacheTag(cacheTags.authors);
  return outcome;
}

/** The writer `memberId` names (their public profile only); null when the source knows no such member. */
export const getAuthor = async (memberId: string): Promise<Author | null> => unwrap(await cachedAuthor(memberId));

export const getAuthorBySlug = async (slug: string): Promise<Author | null> => unwrap(await cachedAuthorBySlug(slug));
