import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../../../_listing/taxonomy';
import { pageLanguage, staticLanguage } from '@/lib/edge/pages/languages';

// A hashtag's listing, page n (here in the main language; app/[lang] re-exports it for the others).

export const ensureStatic = 'navigation';

type Params = { params: Promise<{ hashtag: string; n: string }> };

export const generateStaticParams = async ({ params }: { params?: object } = {}) =>
  (await taxonomyStaticParams('hashtag', staticLanguage(params)))
    .slice(0, 1)
    .map(({ slug }) => ({ hashtag: slug, n: '2' }));

export async function generateMetadata({ params }: Params) {
  const [{ hashtag, n }, language] = await Promise.all([params, pageLanguage(params)]);
  return taxonomyMetadata('hashtag', hashtag, n, language);
}

export default async function Page({ params }: Params) {
  const [{ hashtag, n }, language] = await Promise.all([params, pageLanguage(params)]);
  return <TaxonomyListing taxonomy="hashtag" segment={hashtag} n={n} language={language} />;
}
