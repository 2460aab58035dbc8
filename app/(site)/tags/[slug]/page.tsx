import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../_listing/taxonomy';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () => (await taxonomyStaticParams('tag')).map(({ slug }) => ({ slug: slug }));

export async function generateMetadata({ params }: PageProps<'/tags/[slug]'>) {
  return taxonomyMetadata('tag', (await params).slug, '1');
}

export default async function TagPage({ params }: PageProps<'/tags/[slug]'>) {
  return <TaxonomyListing taxonomy="tag" segment={(await params).slug} n="1" />;
}
