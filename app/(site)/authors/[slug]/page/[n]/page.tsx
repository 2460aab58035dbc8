import { AuthorListing, authorMetadata, authorStaticParams } from '../../../../_listing/author';
import { pageLanguage, staticLanguage } from '@/lib/edge/pages/languages';

// A writer's page, page n (here in the main language; app/[lang] re-exports it for the others).

export const ensureStatic = 'navigation';

type Params = { params: Promise<{ slug: string; n: string }> };

export const generateStaticParams = async ({ params }: { params?: object } = {}) =>
  (await authorStaticParams(staticLanguage(params))).slice(0, 1).map(({ slug }) => ({ slug, n: '2' }));

export async function generateMetadata({ params }: Params) {
  const [{ slug, n }, language] = await Promise.all([params, pageLanguage(params)]);
  return authorMetadata(slug, n, language);
}

export default async function Page({ params }: Params) {
  const [{ slug, n }, language] = await Promise.all([params, pageLanguage(params)]);
  return <AuthorListing segment={slug} n={n} language={language} />;
}
