import type { Metadata } from 'next';
import { NotFoundHelp } from '@/components/layout/not-found-help';
import { SiteShell } from '@/components/layout/site-shell';
import { listCategories } from '@/lib/blog/reads';
import { siteOffers } from '@/lib/edge/pages/offers';
import { SITE_LANGUAGE } from '@/lib/core/site';
import { getSiteSettings } from '@/lib/settings/reads';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `Page not found · ${(await getSiteSettings()).title}` };
}

// Unmatched URLs get the whole site around the help; the menu is a cached read, and a 404 must never fail (the
// settings' read answers its defaults when it cannot read them).
export default async function GlobalNotFound() {
  const [settings, categories, offers] = await Promise.all([
    getSiteSettings(),
    listCategories({ language: SITE_LANGUAGE }).catch(() => []),
    siteOffers().catch(() => ({ newsletter: false })),
  ]);
  return (
    <SiteShell lang={SITE_LANGUAGE} settings={settings} categories={categories} newsletter={offers.newsletter}>
      <NotFoundHelp />
    </SiteShell>
  );
}
