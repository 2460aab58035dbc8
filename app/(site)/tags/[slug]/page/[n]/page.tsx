import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../../../_listing/taxonomy';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () =>
  (await taxonomyStaticParams('tag')).slice(0, 1).map(({ slug }) => ({ slug: slug, n: '2' }));

export async function generateMetadata({ params }: PageProps<'/tags/[slug]/page/[n]'>) {
  const { slug, n } = await params;
  return taxonomyMetadata('tag', slug, n);
}

export default async function TagPageN({ params }: PageProps<'/tags/[slug]/page/[n]'>) {
  const { slug, n } = await params;
  return <TaxonomyListing taxonomy="tag" segment={slug} n={n} />;
}
