import type { Post } from '@/lib/blog/types';
import { type CardDetails, PostCard } from './post-card';

export function PostList({
  posts,
  eager = 0,
  details,
}: {
  posts: Post[];
  eager?: number;
  /** What each post's card says besides the post, by post id (lib/edge/pages/cards.ts; search's snippets). */
  details?: ReadonlyMap<string, CardDetails>;
}) {
  return (
    <div className="post-list">
      {posts.map((post, i) => (
        <PostCard key={post.id} post={post} priority={i < eager} details={details?.get(post.id)} />
      ))}
    </div>
  );
}
