import Link from 'next/link';
import type { PostSeriesView } from '@/lib/edge/pages/post';
import { postPath } from '@/lib/core/site';
import { words } from '@/lib/core/i18n';

interface SeriesNavProps {
  series: PostSeriesView;
  language?: string;
}

/** "Part 2 of 5 — <series>" and the parts in order; the post being read is marked, not linked. */
export function SeriesNav({ series, language }: SeriesNavProps) {
  const { t } = words(language);
  return (
    <nav className="series-nav" aria-label={t('post.series', { title: series.title })}>
      <p className="series-nav__status">
        {t('post.seriesPart', { part: series.part, parts: series.parts.length })} — <strong>{series.title}</strong>
      </p>
      <ol className="series-nav__parts">
        {series.parts.map((part) => (
          <li key={part.id}>
            {part.current ? (
              <span aria-current="page">{part.title}</span>
            ) : (
              <Link href={postPath(part.slug, part.language)}>{part.title}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
