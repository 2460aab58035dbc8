import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Post } from '@/lib/blog/types';
import { postPath } from '@/lib/core/site';
import { PostDate } from './post-date';
import { PostImage } from './post-image';
import { words } from '@/lib/core/i18n';

/** What a page adds to a post's card (lib/edge/pages/cards.ts `cardFacts`, search's snippet). */
export interface CardDetails {
  /** The post's first category or tag: a small label over its title. */
  label?: string;
  /** The writer's name, before the date. */
  writer?: string;
  /** Said instead of the excerpt (search: the post's text around the match). */
  summary?: ReactNode;
}

interface PostCardProps {
  post: Post;
  priority?: boolean;
  details?: CardDetails;
}

/**
 * A post in a list, in the post's own language (a list holds one language's posts). Without a cover it is a text
 * card: the label, the title and a longer excerpt, the byline and date at its foot, as tall as its row.
 */
export function PostCard({ post, priority, details = {} }: PostCardProps) {
  const { t } = words(post.language);
  const cover = PostImage({
    post,
    className: 'post-card__image',
    sizes: '(min-width: 60rem) 22rem, 100vw',
    priority,
  });
  const summary = details.summary ?? post.excerpt;
  const meta = (
    <p className="post-card__meta">
      {post.pinned && <span className="badge">{t('post.pinned')}</span>}
      {post.featured && <span className="badge badge--accent">{t('post.featured')}</span>}
      {details.writer && <span className="post-card__writer">{t('post.by', { name: details.writer })}</span>}
      {details.writer && post.firstPublishedDate && <span aria-hidden="true"> · </span>}
      <PostDate iso={post.firstPublishedDate} language={post.language} />
      <span aria-hidden="true"> · </span>
      <span>{t('post.minutesToRead', { minutes: post.minutesToRead })}</span>
    </p>
  );
  return (
    <article className={cover ? 'post-card' : 'post-card post-card--text'}>
      {cover}
      <div className="post-card__body">
        {details.label && <p className="post-card__label">{details.label}</p>}
        {cover && meta}
        <h2 className="post-card__title">
          <Link href={postPath(post.slug, post.language)}>{post.title}</Link>
        </h2>
        {summary && <p className="post-card__excerpt">{summary}</p>}
        {!cover && meta}
      </div>
    </article>
  );
}
