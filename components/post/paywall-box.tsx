import { PAYWALL_CLASS } from '@/lib/blog/view';
import { type Plan, billingText, priceText } from '@/lib/plans/view';

/** Where a member reads a paid post's whole text, per request (app/(members)/read/[slug]). */
export const readPath = (slug: string) => `/read/${encodeURIComponent(slug)}`;

/** Where a reader gets a plan: Wix's hosted checkout, or the site's sign-up (app/plans/checkout). */
export const checkoutPath = (planId: string, slug: string) =>
  `/plans/checkout?plan=${encodeURIComponent(planId)}&post=${encodeURIComponent(slug)}`;

/**
 * Where a paid post's rest would be, for anyone without its plan (on the public page, the same for every visitor):
 * the plans that open it with price and period, a way to get one, and the way in for a member who has one. On the
 * members' read page, `note` says why the member still sees the preview.
 */
export function PaywallBox({ slug, plans, note }: { slug: string; plans: readonly Plan[]; note?: string }) {
  return (
    <aside className={PAYWALL_CLASS} aria-labelledby="paywall-heading">
      <h2 id="paywall-heading">The rest of this post is for members with a plan</h2>
      {note && <p role="status">{note}</p>}
      {plans.length > 0 && (
        <ul className="paywalled__plans">
          {plans.map((plan) => (
            <li key={plan.id}>
              <span className="paywalled__plan">
                <strong>{plan.name}</strong>{' '}
                <span className="paywalled__price">
                  {priceText(plan)} {plan.price ? billingText(plan) : ''}
                </span>
                {plan.description && <span className="paywalled__description">{plan.description}</span>}
              </span>
              <a className="button" href={checkoutPath(plan.id, slug)} aria-label={`Join with ${plan.name}`}>
                Join
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        Have a plan? <a href={readPath(slug)}>Sign in and read on</a>.
      </p>
    </aside>
  );
}
