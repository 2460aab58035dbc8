import { words } from '@/lib/core/i18n';

/** A rating's summary in words: "4.5 out of 5 from 2 ratings" (in `language`, the main one by default). */
export const ratingText = ({ average, count }: { average: number; count: number }, language?: string | null) => {
  const { t, number } = words(language);
  return t('post.rating', { average: number(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), count });
};

/**
 * Under a post, in its row of reactions: a plain form of five stars (no JavaScript needed; the route sends a member, or
 * a visitor where visitors may rate, back here, and any other visitor to sign in), and the average under them. Each
 * star is a native radio button drawn as a star (app/globals.css: the inputs are visually hidden, their labels show
 * ★, filled up to the one checked or hovered), so the arrow keys move through them and each is named "4 stars". Its
 * legend says who rates as the owner's setting does: "(members)" unless visitors may rate too. The page is the same
 * for everyone and refreshed by each rating and by a change of the setting.
 */
export function PostRating({
  postId,
  average,
  count,
  visitorsMayRate = false,
  language,
}: {
  language?: string | null;
  postId: string;
  average: number;
  count: number;
  /** Whether visitors without an account may rate (the owner's rating setting). */
  visitorsMayRate?: boolean;
}) {
  const { t } = words(language);
  return (
    <section id="rating" className="rating" aria-labelledby="rating-heading">
      <h2 id="rating-heading" className="visually-hidden">
        {t('post.rate')}
      </h2>
      <form method="post" action={`/api/posts/${encodeURIComponent(postId)}/rating`} className="rating__form">
        <fieldset className="rating__stars">
          <legend className="rating__legend">
            {t(visitorsMayRate ? 'post.yourRating' : 'post.yourRatingMembers')}
          </legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="rating__star">
              <input type="radio" name="rating" value={n} required className="rating__input" />
              <span className="rating__glyph" aria-hidden="true">
                ★
              </span>
              <span className="visually-hidden">{t('post.stars', { stars: n })}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="rating__submit">
          {t('post.rateButton')}
        </button>
      </form>
      <p className="rating__summary" data-testid="rating-summary">
        {count ? ratingText({ average, count }, language) : t('post.noRatings')}
      </p>
    </section>
  );
}
