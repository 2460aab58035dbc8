import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../../../_listing/taxonomy';
import { pageLanguage, staticLanguage } from '@/lib/edge/pages/languages';

// A category's listing, page n (here in the main language; app/[lang] re-exports it for the others).

export const ensureStatic = 'navigation';

type Params = { params: Promise<{ slug: string; n: string }> };

export const generateStaticParams = async ({ params }: { params?: object } = {}) =>
  (await taxonomyStaticParams('category', staticLanguage(params)))
    .slice(0, 1)
    .map(({ slug }) => ({ slug: slug, n: '2' }));

export async function generateMetadata({ params }: Params) {
  const [{ slug, n }, language] = await Promise.all([params, pageLanguage(params)]);
  return taxonomyMetadata('category', slug, n, language);
}

export default async function Page({ params }: Params) {
  const [{ slug, n }, language] = await Promise.all([params, pageLanguage(params)]);
  return <TaxonomyListing taxonomy="category" segment={slug} n={n} language={language} />;
}
