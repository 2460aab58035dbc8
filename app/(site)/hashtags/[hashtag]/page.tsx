import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../_listing/taxonomy';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () =>
  (await taxonomyStaticParams('hashtag')).map(({ slug }) => ({ hashtag: slug }));

export async function generateMetadata({ params }: PageProps<'/hashtags/[hashtag]'>) {
  return taxonomyMetadata('hashtag', (await params).hashtag, '1');
}

export default async function HashtagPage({ params }: PageProps<'/hashtags/[hashtag]'>) {
  return <TaxonomyListing taxonomy="hashtag" segment={(await params).hashtag} n="1" />;
}
