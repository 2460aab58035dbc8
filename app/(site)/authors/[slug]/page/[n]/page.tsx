import { AuthorListing, authorMetadata, authorStaticParams } from '../../../../_listing/author';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () =>
  (await authorStaticParams()).slice(0, 1).map(({ slug }) => ({ slug, n: '2' }));

export async function generateMetadata({ params }: PageProps<'/authors/[slug]/page/[n]'>) {
  const { slug, n } = await params;
  return authorMetadata(slug, n);
}

export default async function AuthorPageN({ params }: PageProps<'/authors/[slug]/page/[n]'>) {
  const { slug, n } = await params;
  return <AuthorListing segment={slug} n={n} />;
}
