import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../_listing/taxonomy';
import { pageLanguage, staticLanguage } from '@/lib/edge/pages/languages';

// A tag's listing (here in the main language; app/[lang] re-exports it for the others).

export const ensureStatic = 'navigation';

type Params = { params: Promise<{ slug: string }> };

export const generateStaticParams = async ({ params }: { params?: object } = {}) =>
  (await taxonomyStaticParams('tag', staticLanguage(params))).map(({ slug }) => ({ slug: slug }));

export async function generateMetadata({ params }: Params) {
  const [{ slug }, language] = await Promise.all([params, pageLanguage(params)]);
  return taxonomyMetadata('tag', slug, '1', language);
}

export default async function Page({ params }: Params) {
  const [{ slug }, language] = await Promise.all([params, pageLanguage(params)]);
  return <TaxonomyListing taxonomy="tag" segment={slug} n={'1'} language={language} />;
}
