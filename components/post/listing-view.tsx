import type { ReactNode } from 'react';
import type { Listing } from '@/lib/blog/listing';
import { Pagination } from './pagination';
import { PostList } from './post-list';

interface ListingViewProps {
  heading: ReactNode;
  intro?: ReactNode;
  listing: Listing;
  href: (page: number) => string;
}

export function ListingView({ heading, intro, listing, href }: ListingViewProps) {
  return (
    <>
      <header className="listing-header">
        <h1>{heading}</h1>
        {intro}
      </header>
      {listing.total === 0 ? <p>No posts here yet.</p> : <PostList posts={listing.posts} eager={listing.page === 1 ? 2 : 0} />}
      <Pagination page={listing.page} totalPages={listing.totalPages} href={href} />
    </>
  );
}
