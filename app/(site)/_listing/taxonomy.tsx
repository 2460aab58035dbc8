import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { ListingView } from '@/components/post/listing-view';
import { listingPage } from '@/lib/edge/pages/listing';
import { type Taxonomy, findTerm, taxonomyPaths as paths } from '@/lib/edge/pages/taxonomy';
import { RSS_ALTERNATE, pageNumber } from '@/lib/core/site';

// Category, tag and hashtag listings share one shape: resolve the term, page its posts, 404 otherwise.

export { taxonomyStaticParams } from '@/lib/edge/pages/taxonomy';

export async function taxonomyMetadata(taxonomy: Taxonomy, segment: string, n: string): Promise<Metadata> {
  const term = await findTerm(taxonomy, segment);
  const page = pageNumber(n) ?? 1;
  if (!term) return { title: 'Not found' };
  return {
    title: page > 1 ? `${term.label} (page ${page})` : term.title || term.label,
    description: term.description ?? undefined,
    alternates: { canonical: paths[taxonomy](term.slug, page), types: RSS_ALTERNATE },
  };
}

export async function TaxonomyListing({ taxonomy, segment, n }: { taxonomy: Taxonomy; segment: string; n: string }) {
  const term = await findTerm(taxonomy, segment);
  const page = pageNumber(n);
  if (!term || !page) notFound();
  if (n !== '1' && page === 1) permanentRedirect(paths[taxonomy](term.slug));
  const listing = await listingPage(term.filter, page);
  // A category or tag with no posts yet exists and says so; a hashtag exists only through its posts.
  if (!listing || (taxonomy === 'hashtag' && listing.total === 0)) notFound();
  return (
    <ListingView
      heading={term.label}
      intro={term.description ? <p>{term.description}</p> : undefined}
      listing={listing}
      href={(p) => paths[taxonomy](term.slug, p)}
      current={taxonomy === 'category' ? term.slug : undefined}
    />
  );
}
