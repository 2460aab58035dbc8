import type { Post } from '@/lib/blog/types';
import { PostCard } from './post-card';

export function PostList({ posts, eager = 0 }: { posts: Post[]; eager?: number }) {
  return (
    <div className="post-list">
      {posts.map((post, i) => (
        <PostCard key={post.id} post={post} priority={i < eager} />
      ))}
    </div>
  );
}
