import type { ReactNode } from 'react';
import type { Listing } from '@/lib/edge/pages/listing';
import { Pagination } from './pagination';
import { PostList } from './post-list';
import { words } from '@/lib/core/i18n';

interface ListingViewProps {
  heading: ReactNode;
  intro?: ReactNode;
  listing: Listing;
  href: (page: number) => string;
  /** Shown between the page's heading and its list (the home page's featured posts). */
  children?: ReactNode;
  /** The category this page lists, so the header's menu can mark it. */
  current?: string;
  /** The page's language. */
  language?: string;
  /** The page in other languages (components/layout/language-switcher.tsx), under the heading. */
  switcher?: ReactNode;
}

export function ListingView({
  heading,
  intro,
  listing,
  href,
  children,
  current,
  language,
  switcher,
}: ListingViewProps) {
  const { t } = words(language);
  return (
    <>
      <header className="listing-header" data-current-category={current}>
        <h1>{heading}</h1>
        {intro}
        {switcher}
      </header>
      {children}
      {listing.total === 0 ? (
        <p>{t('listing.empty')}</p>
      ) : (
        <PostList posts={listing.posts} eager={listing.page === 1 ? 2 : 0} />
      )}
      <Pagination page={listing.page} totalPages={listing.totalPages} href={href} language={language} />
    </>
  );
}
