import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { ListingView } from '@/components/post/listing-view';
import { listingPage } from '@/lib/edge/pages/listing';
import { pageLanguage } from '@/lib/edge/pages/languages';
import { words } from '@/lib/core/i18n';
import { SITE_NAME, feedPath, pageNumber, rssAlternate } from '@/lib/core/site';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () => [{ n: '2' }];

type Params = { params: Promise<{ n: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const [{ n }, language] = await Promise.all([params, pageLanguage(params)]);
  return {
    title: words(language).t('listing.pageTitle', { title: SITE_NAME, page: n }),
    alternates: { canonical: feedPath(pageNumber(n) ?? 1, language), types: rssAlternate(language) },
  };
}

export default async function FeedPage({ params }: Params) {
  const [{ n }, language] = await Promise.all([params, pageLanguage(params)]);
  const page = pageNumber(n);
  if (page === 1) permanentRedirect(feedPath(1, language));
  const listing = page && (await listingPage({ language }, page));
  if (!listing) notFound();
  return (
    <ListingView
      heading={words(language).t('listing.pageTitle', { title: SITE_NAME, page })}
      listing={listing}
      href={(p) => feedPath(p, language)}
      language={language}
    />
  );
}
