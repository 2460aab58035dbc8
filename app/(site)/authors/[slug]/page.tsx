import { AuthorListing, authorMetadata, authorStaticParams } from '../../_listing/author';

export const ensureStatic = 'navigation';

export const generateStaticParams = authorStaticParams;

export async function generateMetadata({ params }: PageProps<'/authors/[slug]'>) {
  return authorMetadata((await params).slug, '1');
}

export default async function AuthorPage({ params }: PageProps<'/authors/[slug]'>) {
  return <AuthorListing segment={(await params).slug} n="1" />;
}
