'use client';

import { PostsAnswer, type MetricRow } from '@/lib/edge/dashboard/rows';
import type { ApiRequest } from '@/lib/edge/pages/dashboard-table';
import { formatCount, postHref } from './format';
import { useLive } from './use-live';

interface TopPostsListProps {
  api: ApiRequest;
  initialRows: MetricRow[];
  metric: 'views' | 'likes';
}

export function TopPostsList({ api, initialRows, metric }: TopPostsListProps) {
  const { data: rows } = useLive(api, PostsAnswer, initialRows);
  if (!rows.length) return <p className="muted">No posts yet.</p>;
  return (
    <ol className="top-posts">
      {rows.map((row) => (
        <li key={row.id} data-post-id={row.id}>
          <a href={postHref(row.slug)}>{row.title || row.slug}</a>
          <span className="top-posts__count" data-metric={metric}>
            {formatCount(row[metric])} {metric}
          </span>
        </li>
      ))}
    </ol>
  );
}
