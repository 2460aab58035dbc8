import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { PageBeacon } from '@/components/analytics/page-beacon';
import { HeaderLanguages } from '@/components/layout/header-languages';
import { SiteShell } from '@/components/layout/site-shell';
import { listCategories } from '@/lib/blog/reads';
import { config } from '@/lib/core/config';
import { type Language, words } from '@/lib/core/i18n';
import { rssAlternate } from '@/lib/core/site';
import { siteOffers } from '@/lib/edge/pages/offers';
import { siteIcons } from '@/lib/edge/seo/site-icons';
import { getSiteSettings } from '@/lib/settings/reads';

// The public pages' document in one language, shared by the root layouts: the feed's and listings' (app/(site)), the
// post's (app/post/[slug]), every prefixed language's (app/[lang]) and the members' pages (app/(members)). The owner's
// settings (lib/settings) name it, colour it and fill its menus: one cached read, cleared by their save.

export async function siteMetadata(language: Language): Promise<Metadata> {
  const settings = await getSiteSettings();
  return {
    metadataBase: new URL(config().siteUrl),
    title: { default: settings.title, template: `%s · ${settings.title}` },
    description: settings.description || words(language).t('site.description'),
    alternates: { types: rssAlternate(language, settings.title) },
    icons: siteIcons(settings.icon),
    ...(settings.socialImage && {
      openGraph: { siteName: settings.title, images: [{ url: settings.socialImage }] },
      twitter: { card: 'summary_large_image', images: [settings.socialImage] },
    }),
  };
}

/** The site's header (the owner's menu, or the language's categories), footer and `<html lang>` around a page. */
export async function SiteDocument({
  language,
  beacon = true,
  children,
}: {
  language: Language;
  /** Whether the page counts as a view (analytics): the public pages, not the members' own. */
  beacon?: boolean;
  children: ReactNode;
}) {
  const [settings, categories, offers] = await Promise.all([
    getSiteSettings(),
    listCategories({ language }),
    siteOffers(),
  ]);
  return (
    <SiteShell
      lang={language}
      settings={settings}
      categories={categories}
      newsletter={offers.newsletter}
      languages={<HeaderLanguages language={language} />}
    >
      {children}
      {beacon && <PageBeacon />}
    </SiteShell>
  );
}
