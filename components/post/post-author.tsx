import Link from 'next/link';
import type { Author } from '@/lib/blog';
import { resolveImage } from '@/lib/blog/view';
import { authorPath } from '@/lib/core/site';
import { words } from '@/lib/core/i18n';

const NAME = '\u0000name\u0000';

/** A writer's picture, decorative (their name is beside it): a square `size` px image, shown round. */
export function AuthorAvatar({ author, size }: { author: Author; size: number }) {
  const src = author.avatar ? resolveImage(author.avatar)?.src : undefined;
  if (!src) return null;
  return <img className="author-avatar" src={src} alt="" width={size} height={size} decoding="async" />;
}

/** A post's byline: the writer's picture and name, linking to their page when they have one. */
export function PostAuthor({ author, language }: { author: Author | null; language?: string }) {
  if (!author) return null;
  const name = author.slug ? <Link href={authorPath(author.slug, 1, language)}>{author.name}</Link> : author.name;
  // "By {name}" with the name a link: the message is split around a marker, so each language places the name.
  const [before, after = ''] = words(language).t('post.by', { name: NAME }).split(NAME);
  return (
    <span className="post-author">
      <AuthorAvatar author={author} size={36} />
      <span>
        {before}
        {name}
        {after}
      </span>
    </span>
  );
}
