import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { AuthorAvatar } from '@/components/post/post-author';
import { ListingView } from '@/components/post/listing-view';
import { authorPage } from '@/lib/edge/pages/authors';
import { RSS_ALTERNATE, authorPath, pageNumber } from '@/lib/core/site';

// A writer's page: their name, picture and title over their posts, paged like a category's.

export { authorStaticParams } from '@/lib/edge/pages/authors';

export async function authorMetadata(segment: string, n: string): Promise<Metadata> {
  const page = pageNumber(n) ?? 1;
  const found = await authorPage(segment, page);
  if (!found) return { title: 'Not found' };
  const { author } = found;
  return {
    title: page > 1 ? `Posts by ${author.name} (page ${page})` : `Posts by ${author.name}`,
    description: author.title ?? `Every post ${author.name} wrote.`,
    alternates: { canonical: authorPath(author.slug!, page), types: RSS_ALTERNATE },
  };
}

export async function AuthorListing({ segment, n }: { segment: string; n: string }) {
  const page = pageNumber(n);
  if (!page) notFound();
  const found = await authorPage(segment, page);
  if (!found) notFound();
  const { author, listing } = found;
  if (n !== '1' && page === 1) permanentRedirect(authorPath(author.slug!));
  return (
    <ListingView
      heading={
        <span className="author-heading">
          <AuthorAvatar author={author} size={64} />
          <span>{author.name}</span>
        </span>
      }
      intro={author.title ? <p>{author.title}</p> : undefined}
      listing={listing}
      href={(p) => authorPath(author.slug!, p)}
    />
  );
}
