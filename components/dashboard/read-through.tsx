import { formatCount } from './format';

// How far a post's readers read: of its visitors in the period, the share who scrolled past a quarter, half, three
// quarters and all of its text (the post page's beacon marks the deepest), as bars with their figures in words.

export function ReadThrough({
  marks,
  visitors,
}: {
  marks: { depth: number; readers: number; share: number }[];
  visitors: number;
}) {
  return (
    <section className="panel" aria-labelledby="read-through-heading">
      <h2 id="read-through-heading">How far readers read</h2>
      {visitors === 0 ? (
        <p className="muted">No one read the post in this period.</p>
      ) : (
        <ul className="read-through">
          {marks.map((mark) => (
            <li key={mark.depth}>
              <span className="read-through__label">{mark.depth === 100 ? 'To the end' : `${mark.depth}%`}</span>
              <span className="read-through__bar" aria-hidden="true">
                <span style={{ width: `${Math.round(mark.share * 100)}%` }} />
              </span>
              <span className="read-through__figure">
                {Math.round(mark.share * 100)}% ({formatCount(mark.readers)} of {formatCount(visitors)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
