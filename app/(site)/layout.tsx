import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { config } from '@/lib/blog/config';
import { SITE_DESCRIPTION, SITE_LANGUAGE, SITE_NAME } from '@/lib/site';
import '../globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(config().siteUrl),
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
  alternates: { types: { 'application/rss+xml': [{ url: '/feed.xml', title: SITE_NAME }] } },
};

export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteShell lang={SITE_LANGUAGE}>{children}</SiteShell>;
}
