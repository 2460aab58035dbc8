import type { ReactNode } from 'react';
import { MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { SiteDocument, siteMetadata } from '../_shared/site-document';
import '../globals.css';

export const generateMetadata = () => siteMetadata(MAIN_LANGUAGE);

export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteDocument language={MAIN_LANGUAGE}>{children}</SiteDocument>;
}
