import type { TopPosts as TopPostsData } from '@/lib/edge/pages/top-posts';
import { TopPostsList } from './top-posts-client';

export function TopPosts({ title, data, metric }: { title: string; data: TopPostsData; metric: 'views' | 'likes' }) {
  const id = `top-${metric}`;
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <TopPostsList api={data.api} initialRows={data.rows} metric={metric} />
    </section>
  );
}
