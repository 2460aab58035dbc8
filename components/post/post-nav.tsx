import Link from 'next/link';
import type { Post } from '@/lib/blog/types';
import { postPath } from '@/lib/core/site';

interface PostNavProps {
  previous: Post | null;
  next: Post | null;
}

function NeighbourLink({ post, rel, label }: { post: Post | null; rel: 'prev' | 'next'; label: string }) {
  if (!post) return <span />;
  return (
    <Link href={postPath(post.slug)} rel={rel} className={rel}>
      <small>{label}</small>
      {post.title}
    </Link>
  );
}

/** The posts published just before and after, side by side. */
export function PostNav({ previous, next }: PostNavProps) {
  if (!previous && !next) return null;
  return (
    <nav className="post__nav" aria-label="More posts">
      <NeighbourLink post={previous} rel="prev" label="Previous post" />
      <NeighbourLink post={next} rel="next" label="Next post" />
    </nav>
  );
}
