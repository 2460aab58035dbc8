import { words } from '@/lib/core/i18n';

/** A rating's summary in words: "4.5 out of 5 from 2 ratings" (in `language`, the main one by default). */
export const ratingText = ({ average, count }: { average: number; count: number }, language?: string | null) => {
  const { t, number } = words(language);
  return t('post.rating', { average: number(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), count });
};

/**
 * Under a post: its average rating and a plain form of five radio buttons (no JavaScript needed; the route sends a
 * member, or a visitor where visitors may rate, back here, and any other visitor to sign in). Its legend says who
 * rates as the owner's setting does: "(members)" unless visitors may rate too. The page is the same for everyone and
 * refreshed by each rating and by a change of the setting.
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
      <h2 id="rating-heading">{t('post.rate')}</h2>
      <p className="rating__summary" data-testid="rating-summary">
        {count ? ratingText({ average, count }, language) : t('post.noRatings')}
      </p>
      <form method="post" action={`/api/posts/${encodeURIComponent(postId)}/rating`} className="rating__form">
        <fieldset>
          <legend>{t(visitorsMayRate ? 'post.yourRating' : 'post.yourRatingMembers')}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n}>
              <input type="radio" name="rating" value={n} required /> {n}
            </label>
          ))}
        </fieldset>
        <button type="submit">{t('post.rateButton')}</button>
      </form>
    </section>
  );
}
