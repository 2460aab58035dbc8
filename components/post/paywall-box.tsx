import { PAYWALL_CLASS } from '@/lib/blog/view';
import { words } from '@/lib/core/i18n';
import { type Plan, billingText, priceText } from '@/lib/plans/view';
import { PaywallOffer } from './paywall-offer';

/** Where a member reads a paid post's whole text, per request (app/(members)/read/[slug]). */
export const readPath = (slug: string) => `/read/${encodeURIComponent(slug)}`;

/** Where a reader gets a plan: Wix's hosted checkout, or the site's sign-up (app/plans/checkout). */
export const checkoutPath = (planId: string, slug: string) =>
  `/plans/checkout?plan=${encodeURIComponent(planId)}&post=${encodeURIComponent(slug)}`;

interface PaywallBoxProps {
  slug: string;
  plans: readonly Plan[];
  /** On the members' read page: why the member still sees the preview. */
  note?: string;
  /**
   * On the public post page: the post's id, for the island that offers a member holding one of its plans "Read on"
   * instead (components/post/paywall-offer.tsx). Left out, the box is the offer alone.
   */
  postId?: string;
  language?: string | null;
}

/**
 * Where a paid post's rest would be, for anyone without its plan (on the public page, the same for every visitor):
 * the plans that open it with price and period, a way to get one, and the way in for a member who has one. On the
 * members' read page, `note` says why the member still sees the preview.
 */
export function PaywallBox({ slug, plans, note, postId, language }: PaywallBoxProps) {
  const { t } = words(language);
  const offer = (
    <>
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
              <a
                className="button"
                href={checkoutPath(plan.id, slug)}
                aria-label={t('paywall.joinWith', { plan: plan.name })}
              >
                {t('paywall.join')}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        {t('paywall.havePlan')} <a href={readPath(slug)}>{t('paywall.signInReadOn')}</a>.
      </p>
    </>
  );
  return (
    <aside className={PAYWALL_CLASS} aria-labelledby="paywall-heading">
      <h2 id="paywall-heading">{t('paywall.heading')}</h2>
      {note && <p role="status">{note}</p>}
      {postId ? (
        <PaywallOffer postId={postId} readHref={readPath(slug)} opened={t('paywall.open')} readOn={t('paywall.readOn')}>
          {offer}
        </PaywallOffer>
      ) : (
        offer
      )}
    </aside>
  );
}
