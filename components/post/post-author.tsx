import Link from 'next/link';
import type { Author } from '@/lib/blog';
import { resolveImage } from '@/lib/blog/view';
import { authorPath } from '@/lib/core/site';

/** A writer's picture, decorative (their name is beside it): a square `size` px image, shown round. */
export function AuthorAvatar({ author, size }: { author: Author; size: number }) {
  const src = author.avatar ? resolveImage(author.avatar)?.src : undefined;
  if (!src) return null;
  return <img className="author-avatar" src={src} alt="" width={size} height={size} decoding="async" />;
}

/** A post's byline: the writer's picture and name, linking to their page when they have one. */
export function PostAuthor({ author }: { author: Author | null }) {
  if (!author) return null;
  return (
    <span className="post-author">
      <AuthorAvatar author={author} size={36} />
      <span>By {author.slug ? <Link href={authorPath(author.slug)}>{author.name}</Link> : author.name}</span>
    </span>
  );
}
