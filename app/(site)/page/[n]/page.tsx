import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { ListingView } from '@/components/post/listing-view';
import { listingPage } from '@/lib/edge/pages/listing';
import { feedAlternates, pageLanguage } from '@/lib/edge/pages/languages';
import { languageAlternates } from '@/lib/edge/seo/alternates';
import { words } from '@/lib/core/i18n';
import { feedPath, pageNumber, rssAlternate } from '@/lib/core/site';
import { getSiteSettings } from '@/lib/settings/reads';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () => [{ n: '2' }];

type Params = { params: Promise<{ n: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const [{ n }, language] = await Promise.all([params, pageLanguage(params)]);
  const page = pageNumber(n);
  const { title } = await getSiteSettings();
  return {
    title: words(language).t('listing.pageTitle', { title, page: n }),
    alternates: {
      canonical: feedPath(page ?? 1, language),
      // The feed's page n in each language whose feed runs that far (none for a page that is not one).
      languages: page && page > 1 ? languageAlternates(await feedAlternates(language, page)) : undefined,
      types: rssAlternate(language),
    },
  };
}

export default async function FeedPage({ params }: Params) {
  const [{ n }, language] = await Promise.all([params, pageLanguage(params)]);
  const page = pageNumber(n);
  if (page === 1) permanentRedirect(feedPath(1, language));
  const [listing, { title }] = await Promise.all([page && listingPage({ language }, page), getSiteSettings()]);
  if (!listing || !page) notFound();
  return (
    <ListingView
      heading={words(language).t('listing.pageTitle', { title, page })}
      listing={listing}
      href={(p) => feedPath(p, language)}
      language={language}
    />
  );
}
