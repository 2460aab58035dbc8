import Link from 'next/link';
import type { Post } from '@/lib/blog/types';
import { postPath } from '@/lib/core/site';
import { words } from '@/lib/core/i18n';

interface PostNavProps {
  previous: Post | null;
  next: Post | null;
  language?: string;
}

function NeighbourLink({ post, rel, label }: { post: Post | null; rel: 'prev' | 'next'; label: string }) {
  if (!post) return <span />;
  return (
    <Link href={postPath(post.slug, post.language)} rel={rel} className={rel}>
      <small>{label}</small>
      {post.title}
    </Link>
  );
}

/** The posts published just before and after, side by side. */
export function PostNav({ previous, next, language }: PostNavProps) {
  if (!previous && !next) return null;
  const { t } = words(language);
  return (
    <nav className="post__nav" aria-label={t('post.more')}>
      <NeighbourLink post={previous} rel="prev" label={t('post.previous')} />
      <NeighbourLink post={next} rel="next" label={t('post.next')} />
    </nav>
  );
}
