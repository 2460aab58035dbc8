import { SITE_LANGUAGE } from '@/lib/core/site';
import type { Plan } from './types';

// How a plan's price and period read in the paywall box, the account page and the dashboard.

/** "€4.99", or "Free". */
export function priceText(plan: Pick<Plan, 'price'>, locale = SITE_LANGUAGE): string {
  if (!plan.price) return 'Free';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: plan.price.currency }).format(
      Number(plan.price.value),
    );
  } catch {
    return `${plan.price.value} ${plan.price.currency}`;
  }
}

const UNIT_WORDS = { DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' } as const;

/** "a month", "every 3 months", "for 1 year", "once". */
export function billingText(plan: Pick<Plan, 'billing'>): string {
  const { billing } = plan;
  if (billing.kind === 'unlimited') return 'once';
  const unit = UNIT_WORDS[billing.unit];
  const units = `${billing.count} ${unit}${billing.count === 1 ? '' : 's'}`;
  if (billing.kind === 'duration') return `for ${units}`;
  return billing.count === 1 ? `a ${unit}` : `every ${units}`;
}

export type { Plan } from './types';

/**
 * Whether the signed-in member's plans open a paid post (app/api/members/paid-posts/[postId]): GET `{ open }`, asked by
 * the public page's paywall island.
 */
export const paidPostOpenApi = (postId: string) => `/api/members/paid-posts/${encodeURIComponent(postId)}`;
