import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '@/lib/core/reads';
import { sitePlans } from './index';
import type { Plan } from './types';

async function cachedPlans(planIds: readonly string[]) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.plans);
  // Errors cross the cache as values (docs/architecture.md, "Decisions"): plans that cannot be read are an outcome,
  // cached briefly (OUTAGE_LIFE), and while the platform is down the box keeps the plans it last named.
  return settle(readKey('plansOpening', planIds), () => sitePlans().plans(planIds));
}

/** The plans that open a paid post, as its prerendered box names them (cached; the same for every reader). */
export async function plansOpening(planIds: readonly string[]): Promise<Plan[]> {
  if (planIds.length === 0) return [];
  try {
    return unwrap(await cachedPlans(planIds));
  } catch (error) {
    // The box still says what the post is for, without prices, while the plans cannot be read.
    console.warn(JSON.stringify({ msg: 'plans: could not be read for a paywall box', error: String(error) }));
    return [];
  }
}
