import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '@/lib/core/reads';
import { siteReactions } from './stores';
import type { ReactionCounts } from './reactions';

// A post page's likes and boosts from the fediverse: hours long, since each one kept or taken back is published as a
// like of the post (lib/fediverse/index.ts), which clears `metrics:{id}` as the site's own likes do.
async function cachedReactions(id: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.metrics(id), cacheTags.post(id));
  return settle(readKey('fediverse-reactions', id), () => siteReactions().counts(id));
}

export const getFediverseReactions = async (id: string): Promise<ReactionCounts> => unwrap(await cachedReactions(id));
