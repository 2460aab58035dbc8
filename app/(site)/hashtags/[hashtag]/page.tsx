import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../_listing/taxonomy';
import { pageLanguage, staticLanguage } from '@/lib/edge/pages/languages';

// A hashtag's listing (here in the main language; app/[lang] re-exports it for the others).

export const ensureStatic = 'navigation';

type Params = { params: Promise<{ hashtag: string }> };

export const generateStaticParams = async ({ params }: { params?: object } = {}) =>
  (await taxonomyStaticParams('hashtag', staticLanguage(params))).map(({ slug }) => ({ hashtag: slug }));

export async function generateMetadata({ params }: Params) {
  const [{ hashtag }, language] = await Promise.all([params, pageLanguage(params)]);
  return taxonomyMetadata('hashtag', hashtag, '1', language);
}

export default async function Page({ params }: Params) {
  const [{ hashtag }, language] = await Promise.all([params, pageLanguage(params)]);
  return <TaxonomyListing taxonomy="hashtag" segment={hashtag} n={'1'} language={language} />;
}
