import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PostList } from '@/components/post/post-list';
import { ListingView } from '@/components/post/listing-view';
import { LanguageSwitcher } from '@/components/layout/language-switcher';
import { listingPage } from '@/lib/edge/pages/listing';
import { everyLanguage, feedAlternates, pageLanguage } from '@/lib/edge/pages/languages';
import { languageAlternates } from '@/lib/edge/seo/alternates';
import { listPosts } from '@/lib/blog/reads';
import { words } from '@/lib/core/i18n';
import { FEED_PAGE_SIZE, feedPath, rssAlternate } from '@/lib/core/site';
import { getSiteSettings } from '@/lib/settings/reads';

// The feed's first page, in the main language here and in each other one under app/[lang] (which re-exports this).

export const ensureStatic = 'navigation';

const FEATURED_SHOWN = 3;

const homeIn = (language: string) => feedPath(1, language);

export async function generateMetadata({ params }: { params: Promise<object> }): Promise<Metadata> {
  const language = await pageLanguage(params);
  return {
    alternates: {
      canonical: homeIn(language),
      languages: languageAlternates(await feedAlternates(language, 1)),
      types: rssAlternate(language, (await getSiteSettings()).title),
    },
  };
}

export default async function HomePage({ params }: { params: Promise<object> }) {
  const language = await pageLanguage(params);
  const [listing, featured, alternates, settings] = await Promise.all([
    listingPage({ language }, 1),
    listPosts({
      featured: true,
      language,
      sort: 'PUBLISHED_DATE_DESC',
      paging: { limit: FEATURED_SHOWN + FEED_PAGE_SIZE },
    }),
    everyLanguage(language, homeIn),
    getSiteSettings(),
  ]);
  if (!listing) notFound();
  const { t } = words(language);
  // A featured post already in the latest posts below is not shown twice.
  const onPage = new Set(listing.posts.map((p) => p.id));
  const highlights = featured.items.filter((p) => !onPage.has(p.id)).slice(0, FEATURED_SHOWN);
  return (
    <ListingView
      heading={settings.title}
      intro={
        <>
          {settings.cover && (
            // The owner's cover (Settings → Images), at its own size, bounded by CSS: an https cover's host is unknown
            // to the image optimiser. Decorative: the heading says what the page is.
            <img src={settings.cover} alt="" className="home-cover" fetchPriority="high" />
          )}
          <p>{settings.description || t('site.description')}</p>
        </>
      }
      listing={listing}
      href={(page) => feedPath(page, language)}
      language={language}
      switcher={<LanguageSwitcher language={language} alternates={alternates} />}
    >
      {highlights.length > 0 && (
        <section aria-labelledby="featured-heading" className="featured">
          <h2 id="featured-heading">{t('listing.featured')}</h2>
          <PostList posts={highlights} eager={1} />
        </section>
      )}
    </ListingView>
  );
}
