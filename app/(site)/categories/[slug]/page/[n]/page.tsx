import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../../../_listing/taxonomy';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () =>
  (await taxonomyStaticParams('category')).slice(0, 1).map(({ slug }) => ({ slug: slug, n: '2' }));

export async function generateMetadata({ params }: PageProps<'/categories/[slug]/page/[n]'>) {
  const { slug, n } = await params;
  return taxonomyMetadata('category', slug, n);
}

export default async function CategoryPageN({ params }: PageProps<'/categories/[slug]/page/[n]'>) {
  const { slug, n } = await params;
  return <TaxonomyListing taxonomy="category" segment={slug} n={n} />;
}
