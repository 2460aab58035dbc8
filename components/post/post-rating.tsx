/** A rating's summary in words: "4.5 out of 5 from 2 ratings". */
export const ratingText = ({ average, count }: { average: number; count: number }) =>
  `${average.toFixed(1)} out of 5 from ${count} rating${count === 1 ? '' : 's'}`;

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
}: {
  postId: string;
  average: number;
  count: number;
  /** Whether visitors without an account may rate (the owner's rating setting). */
  visitorsMayRate?: boolean;
}) {
  return (
    <section id="rating" className="rating" aria-labelledby="rating-heading">
      <h2 id="rating-heading">Rate this post</h2>
      <p className="rating__summary" data-testid="rating-summary">
        {count ? ratingText({ average, count }) : 'No ratings yet.'}
      </p>
      <form method="post" action={`/api/posts/${encodeURIComponent(postId)}/rating`} className="rating__form">
        <fieldset>
          <legend>{visitorsMayRate ? 'Your rating' : 'Your rating (members)'}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n}>
              <input type="radio" name="rating" value={n} required /> {n}
            </label>
          ))}
        </fieldset>
        <button type="submit">Rate</button>
      </form>
    </section>
  );
}
