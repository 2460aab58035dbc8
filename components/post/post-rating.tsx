/** A rating's summary in words: "4.5 out of 5 from 2 ratings". */
export const ratingText = ({ average, count }: { average: number; count: number }) =>
  `${average.toFixed(1)} out of 5 from ${count} rating${count === 1 ? '' : 's'}`;

/**
 * Under a post: its average rating and a plain form of five radio buttons (no JavaScript needed; the route sends a
 * visitor to sign in and a member back here). The page is the same for everyone and refreshed by each rating.
 */
export function PostRating({ postId, average, count }: { postId: string; average: number; count: number }) {
  return (
    <section id="rating" className="rating" aria-labelledby="rating-heading">
      <h2 id="rating-heading">Rate this post</h2>
      <p className="rating__summary" data-testid="rating-summary">
        {count ? ratingText({ average, count }) : 'No ratings yet.'}
      </p>
      <form method="post" action={`/api/posts/${encodeURIComponent(postId)}/rating`} className="rating__form">
        <fieldset>
          <legend>Your rating (members)</legend>
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
