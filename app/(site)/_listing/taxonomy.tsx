import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { ListingView } from '@/components/post/listing-view';
import { listingPage } from '@/lib/blog/listing';
import { getCategoryBySlug, getTagBySlug, listCategories, listPosts, listTags } from '@/lib/blog/reads';
import type { ListPostsOptions } from '@/lib/blog/source';
import { RSS_ALTERNATE, categoryPath, decodeSegment, hashtagPath, pageNumber, tagPath } from '@/lib/site';

// Category, tag and hashtag listings share one shape: resolve the term, page its posts, 404 otherwise.

export type Taxonomy = 'category' | 'tag' | 'hashtag';

interface Term {
  label: string;
  slug: string;
  description?: string | null;
  title?: string;
  filter: Omit<ListPostsOptions, 'paging' | 'sort'>;
}

const paths: Record<Taxonomy, (slug: string, page?: number) => string> = { category: categoryPath, tag: tagPath, hashtag: hashtagPath };

async function findTerm(taxonomy: Taxonomy, segment: string): Promise<Term | null> {
  const slug = decodeSegment(segment);
  if (taxonomy === 'category') {
    const c = await getCategoryBySlug(slug);
    return c && { label: c.label, slug: c.slug, description: c.description, title: c.title, filter: { categoryIds: [c.id] } };
  }
  if (taxonomy === 'tag') {
    const t = await getTagBySlug(slug);
    return t && { label: `Tagged “${t.label}”`, slug: t.slug, filter: { tagIds: [t.id] } };
  }
  const hashtag = slug.replace(/^#/, '').toLowerCase();
  return hashtag ? { label: `#${hashtag}`, slug: hashtag, filter: { hashtags: [hashtag] } } : null;
}

export async function taxonomyStaticParams(taxonomy: Taxonomy): Promise<{ slug: string }[]> {
  const slugs =
    taxonomy === 'category'
      ? (await listCategories()).map((c) => c.slug)
      : taxonomy === 'tag'
        ? (await listTags()).map((t) => t.slug)
        : [...new Set((await listPosts({ paging: { limit: 100 } })).items.flatMap((p) => p.hashtags))];
  return slugs.length ? slugs.map((slug) => ({ slug })) : [{ slug: 'none' }];
}

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
