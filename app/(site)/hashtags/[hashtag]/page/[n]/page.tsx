import { TaxonomyListing, taxonomyMetadata, taxonomyStaticParams } from '../../../../_listing/taxonomy';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () =>
  (await taxonomyStaticParams('hashtag')).slice(0, 1).map(({ slug }) => ({ hashtag: slug, n: '2' }));

export async function generateMetadata({ params }: PageProps<'/hashtags/[hashtag]/page/[n]'>) {
  const { hashtag, n } = await params;
  return taxonomyMetadata('hashtag', hashtag, n);
}

export default async function HashtagPageN({ params }: PageProps<'/hashtags/[hashtag]/page/[n]'>) {
  const { hashtag, n } = await params;
  return <TaxonomyListing taxonomy="hashtag" segment={hashtag} n={n} />;
}
