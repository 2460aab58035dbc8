import Link from 'next/link';
import type { Post } from '@/lib/blog/types';
import { postPath } from '@/lib/core/site';
import { PostDate } from './post-date';
import { PostImage } from './post-image';
import { words } from '@/lib/core/i18n';

interface PostCardProps {
  post: Post;
  priority?: boolean;
}

/** A post in a list, in the post's own language (a list holds one language's posts). */
export function PostCard({ post, priority }: PostCardProps) {
  const { t } = words(post.language);
  return (
    <article className="post-card">
      <PostImage post={post} className="post-card__image" sizes="(min-width: 60rem) 22rem, 100vw" priority={priority} />
      <div className="post-card__body">
        <p className="post-card__meta">
          {post.pinned && <span className="badge">{t('post.pinned')}</span>}
          {post.featured && <span className="badge badge--accent">{t('post.featured')}</span>}
          <PostDate iso={post.firstPublishedDate} language={post.language} />
          <span aria-hidden="true"> · </span>
          <span>{t('post.minutesToRead', { minutes: post.minutesToRead })}</span>
        </p>
        <h2 className="post-card__title">
          <Link href={postPath(post.slug, post.language)}>{post.title}</Link>
        </h2>
        {post.excerpt && <p className="post-card__excerpt">{post.excerpt}</p>}
      </div>
    </article>
  );
}
