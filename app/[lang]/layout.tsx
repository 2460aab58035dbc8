import type { Metadata } from 'next';
import { SiteDocument, siteMetadata } from '../_shared/site-document';
import { languageParams, pageLanguage } from '@/lib/edge/pages/languages';
import '../globals.css';
import '@/components/rich-content/rich-content.css';

// The root layout of every page in a prefixed language (`/es`, `/es/post/...`): each page under it re-exports its
// main-language twin, which reads its language from `params.lang`. An unknown prefix is a 404.

export const generateStaticParams = async () => languageParams();

export async function generateMetadata({ params }: LayoutProps<'/[lang]'>): Promise<Metadata> {
  return siteMetadata(await pageLanguage(params));
}

export default async function LanguageLayout({ children, params }: LayoutProps<'/[lang]'>) {
  return <SiteDocument language={await pageLanguage(params)}>{children}</SiteDocument>;
}
