import Link from 'next/link';
import type { PostSeriesView } from '@/lib/edge/pages/post';
import { postPath } from '@/lib/core/site';

interface SeriesNavProps {
  series: PostSeriesView;
}

/** "Part 2 of 5 — <series>" and the parts in order; the post being read is marked, not linked. */
export function SeriesNav({ series }: SeriesNavProps) {
  return (
    <nav className="series-nav" aria-label={`Series: ${series.title}`}>
      <p className="series-nav__status">
        Part {series.part} of {series.parts.length} — <strong>{series.title}</strong>
      </p>
      <ol className="series-nav__parts">
        {series.parts.map((part) => (
          <li key={part.id}>
            {part.current ? (
              <span aria-current="page">{part.title}</span>
            ) : (
              <Link href={postPath(part.slug)}>{part.title}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
