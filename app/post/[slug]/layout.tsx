import type { ReactNode } from 'react';
import { MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { SiteDocument, siteMetadata } from '../../_shared/site-document';
import '../../globals.css';
import '@/components/rich-content/rich-content.css';

// Posts have their own root layout for the rich content's styles. A post here is in the main language (other
// languages' posts are under app/[lang]), so its document is too.

export const generateMetadata = () => siteMetadata(MAIN_LANGUAGE);

export default function PostLayout({ children }: { children: ReactNode }) {
  return <SiteDocument language={MAIN_LANGUAGE}>{children}</SiteDocument>;
}
