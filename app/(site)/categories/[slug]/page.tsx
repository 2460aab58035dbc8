import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../_listing/taxonomy';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () =>
  (await taxonomyStaticParams('category')).map(({ slug }) => ({ slug: slug }));

export async function generateMetadata({ params }: PageProps<'/categories/[slug]'>) {
  return taxonomyMetadata('category', (await params).slug, '1');
}

export default async function CategoryPage({ params }: PageProps<'/categories/[slug]'>) {
  return <TaxonomyListing taxonomy="category" segment={(await params).slug} n="1" />;
}
