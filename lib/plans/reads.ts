import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { sitePlans } from './index';
import type { Plan } from './types';

/** The plans that open a paid post, as its prerendered box names them (cached; the same for every reader). */
export async function plansOpening(planIds: readonly string[]): Promise<Plan[]> {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.plans);
  if (planIds.length === 0) return [];
  try {
    return await sitePlans().plans(planIds);
  } catch (error) {
    // The box still says what the post is for, without prices, while the plans cannot be read; not for hours.
    cacheLife('minutes');
    console.warn(JSON.stringify({ msg: 'plans: could not be read for a paywall box', error: String(error) }));
    return [];
  }
}
