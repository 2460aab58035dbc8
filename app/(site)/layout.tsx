import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { config } from '@/lib/core/config';
import { listCategories } from '@/lib/blog/reads';
import { siteOffers } from '@/lib/edge/pages/offers';
import { RSS_ALTERNATE, SITE_DESCRIPTION, SITE_LANGUAGE, SITE_NAME } from '@/lib/core/site';
import '../globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(config().siteUrl),
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
  alternates: { types: RSS_ALTERNATE },
};

export default async function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <SiteShell lang={SITE_LANGUAGE} categories={await listCategories()} newsletter={(await siteOffers()).newsletter}>
      {children}
    </SiteShell>
  );
}
