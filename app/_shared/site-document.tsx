import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { PageBeacon } from '@/components/analytics/page-beacon';
import { SiteShell } from '@/components/layout/site-shell';
import { listCategories } from '@/lib/blog/reads';
import { config } from '@/lib/core/config';
import { type Language, words } from '@/lib/core/i18n';
import { SITE_NAME, rssAlternate } from '@/lib/core/site';
import { siteOffers } from '@/lib/edge/pages/offers';

// The public pages' document in one language, shared by the root layouts: the feed's and listings' (app/(site)), the
// post's (app/post/[slug]) and every prefixed language's (app/[lang]).

export const siteMetadata = (language: Language): Metadata => ({
  metadataBase: new URL(config().siteUrl),
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: words(language).t('site.description'),
  alternates: { types: rssAlternate(language) },
});

/** The site's header (the language's categories), footer and `<html lang>` around a page. */
export async function SiteDocument({ language, children }: { language: Language; children: ReactNode }) {
  const [categories, offers] = await Promise.all([listCategories({ language }), siteOffers()]);
  return (
    <SiteShell lang={language} categories={categories} newsletter={offers.newsletter}>
      {children}
      <PageBeacon />
    </SiteShell>
  );
}
