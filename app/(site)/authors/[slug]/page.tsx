import { AuthorListing, authorMetadata, authorStaticParams } from '../../_listing/author';
import { pageLanguage, staticLanguage } from '@/lib/edge/pages/languages';

// A writer's page (here in the main language; app/[lang] re-exports it for the others).

export const ensureStatic = 'navigation';

type Params = { params: Promise<{ slug: string }> };

export const generateStaticParams = async ({ params }: { params?: object } = {}) =>
  (await authorStaticParams(staticLanguage(params))).map(({ slug }) => ({ slug }));

export async function generateMetadata({ params }: Params) {
  const [{ slug }, language] = await Promise.all([params, pageLanguage(params)]);
  return authorMetadata(slug, '1', language);
}

export default async function Page({ params }: Params) {
  const [{ slug }, language] = await Promise.all([params, pageLanguage(params)]);
  return <AuthorListing segment={slug} n={'1'} language={language} />;
}
