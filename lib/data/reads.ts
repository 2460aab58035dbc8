import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle } from '@/lib/core/reads';
import { dataClient } from './index';
import type { CollectionDeclaration } from './model';

// What the site's collections allow, as pages read it. On a Wix site the collections are made in its CMS (the Wix
// dashboard, or `npm run blog -- wix setup`); a bare site has none, and each feature that needs a missing one is off:
// the form or section is not shown, its reads answer nothing, and nothing asks Wix for it. Read once per hour (and
// again when the owner presses "Check again" on the dashboard: the `site-setup` tag), never per request.

async function cachedMissing() {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.siteSetup);
  return settle(readKey('missingCollections'), () => dataClient().missing());
}

/**
 * The site's collections the platform lacks, by id. Empty when it cannot tell (Wix failed to answer): the features
 * then ask, and answer their own errors, rather than all going off at once.
 */
export async function getMissingCollections(): Promise<string[]> {
  const outcome = await cachedMissing();
  return outcome.ok ? outcome.value : [];
}

/** Whether the feature needing `collection` is off here (the site lacks it); the read carries the `site-setup` tag. */
export async function isCollectionMissing(collection: Pick<CollectionDeclaration, 'id'>): Promise<boolean> {
  return (await getMissingCollections()).includes(collection.id);
}

/** What is off and why, for the owner: each missing collection and the feature it serves. */
export async function getFeaturesOff(): Promise<Array<{ collection: string; feature: string }>> {
  const missing = await getMissingCollections();
  return missing.map((id) => ({ collection: id, feature: dataClient().collection(id)?.feature ?? id }));
}
