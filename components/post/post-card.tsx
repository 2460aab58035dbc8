import Link from 'next/link';
import type { Post } from '@/lib/blog/types';
import { postPath } from '@/lib/core/site';
import { PostDate } from './post-date';
import { PostImage } from './post-image';

interface PostCardProps {
  post: Post;
  priority?: boolean;
}

export function PostCard({ post, priority }: PostCardProps) {
  return (
    <article className="post-card">
      <PostImage post={post} className="post-card__image" sizes="(min-width: 60rem) 22rem, 100vw" priority={priority} />
      <div className="post-card__body">
        <p className="post-card__meta">
          {post.pinned && <span className="badge">Pinned</span>}
          {post.featured && <span className="badge badge--accent">Featured</span>}
          <PostDate iso={post.firstPublishedDate} />
          <span aria-hidden="true"> · </span>
          <span>{post.minutesToRead} min read</span>
        </p>
        <h2 className="post-card__title">
          <Link href={postPath(post.slug)}>{post.title}</Link>
        </h2>
        {post.excerpt && <p className="post-card__excerpt">{post.excerpt}</p>}
      </div>
    </article>
  );
}
