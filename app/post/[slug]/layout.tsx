import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import { config } from '@/lib/core/config';
import { siteOffers } from '@/lib/edge/pages/offers';
import { getPublicPost } from '@/lib/edge/pages/post';
import { listCategories } from '@/lib/blog/reads';
import { RSS_ALTERNATE, SITE_LANGUAGE, SITE_NAME, decodeSegment } from '@/lib/core/site';
import '../../globals.css';
import '@/components/rich-content/rich-content.css';

// Posts have their own root layout so that <html lang> is the post's language.

export const metadata: Metadata = {
  metadataBase: new URL(config().siteUrl),
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  alternates: { types: RSS_ALTERNATE },
};

export default async function PostLayout({ children, params }: LayoutProps<'/post/[slug]'>) {
  const [post, categories, offers] = await Promise.all([
    getPublicPost(decodeSegment((await params).slug)),
    listCategories(),
    siteOffers(),
  ]);
  return (
    <SiteShell lang={post?.language || SITE_LANGUAGE} categories={categories} newsletter={offers.newsletter}>
      {children as ReactNode}
    </SiteShell>
  );
}
