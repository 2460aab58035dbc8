import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PostList } from '@/components/post/post-list';
import { ListingView } from '@/components/post/listing-view';
import { listingPage } from '@/lib/blog/listing';
import { listPosts } from '@/lib/blog/reads';
import { RSS_ALTERNATE, SITE_DESCRIPTION, SITE_NAME, feedPath } from '@/lib/site';

export const ensureStatic = 'navigation';

export const metadata: Metadata = { alternates: { canonical: '/', types: RSS_ALTERNATE } };

export default async function HomePage() {
  const [listing, featured] = await Promise.all([listingPage({}, 1), listPosts({ featured: true, sort: 'PUBLISHED_DATE_DESC', paging: { limit: 3 } })]);
  if (!listing) notFound();
  return (
    <>
      {featured.items.length > 0 && (
        <section aria-labelledby="featured-heading" className="featured">
          <h2 id="featured-heading">Featured</h2>
          <PostList posts={featured.items} eager={1} />
        </section>
      )}
      <ListingView heading={SITE_NAME} intro={<p>{SITE_DESCRIPTION}</p>} listing={listing} href={feedPath} />
    </>
  );
}
