import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PostList } from '@/components/post/post-list';
import { ListingView } from '@/components/post/listing-view';
import { listingPage } from '@/lib/edge/pages/listing';
import { listPosts } from '@/lib/blog/reads';
import { FEED_PAGE_SIZE, RSS_ALTERNATE, SITE_DESCRIPTION, SITE_NAME, feedPath } from '@/lib/core/site';

export const ensureStatic = 'navigation';

export const metadata: Metadata = { alternates: { canonical: '/', types: RSS_ALTERNATE } };

const FEATURED_SHOWN = 3;

export default async function HomePage() {
  const [listing, featured] = await Promise.all([
    listingPage({}, 1),
    listPosts({ featured: true, sort: 'PUBLISHED_DATE_DESC', paging: { limit: FEATURED_SHOWN + FEED_PAGE_SIZE } }),
  ]);
  if (!listing) notFound();
  // A featured post already in the latest posts below is not shown twice.
  const onPage = new Set(listing.posts.map((p) => p.id));
  const highlights = featured.items.filter((p) => !onPage.has(p.id)).slice(0, FEATURED_SHOWN);
  return (
    <ListingView heading={SITE_NAME} intro={<p>{SITE_DESCRIPTION}</p>} listing={listing} href={feedPath}>
      {highlights.length > 0 && (
        <section aria-labelledby="featured-heading" className="featured">
          <h2 id="featured-heading">Featured</h2>
          <PostList posts={highlights} eager={1} />
        </section>
      )}
    </ListingView>
  );
}
