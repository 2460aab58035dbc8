import type { Metadata } from 'next';
import { NotFoundHelp } from '@/components/layout/not-found-help';
import { SiteShell } from '@/components/layout/site-shell';
import { listCategories } from '@/lib/blog/reads';
import { siteOffers } from '@/lib/edge/pages/offers';
import { SITE_LANGUAGE, SITE_NAME } from '@/lib/core/site';
import './globals.css';

export const metadata: Metadata = { title: `Page not found · ${SITE_NAME}` };

// Unmatched URLs get the whole site around the help; the menu is a cached read, and a 404 must never fail.
export default async function GlobalNotFound() {
  const [categories, offers] = await Promise.all([
    listCategories({ language: SITE_LANGUAGE }).catch(() => []),
    siteOffers().catch(() => ({ newsletter: false })),
  ]);
  return (
    <SiteShell lang={SITE_LANGUAGE} categories={categories} newsletter={offers.newsletter}>
      <NotFoundHelp />
    </SiteShell>
  );
}
