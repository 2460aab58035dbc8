import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { ListingView } from '@/components/post/listing-view';
import { listingPage } from '@/lib/edge/pages/listing';
import { RSS_ALTERNATE, SITE_NAME, feedPath, pageNumber } from '@/lib/core/site';

export const ensureStatic = 'navigation';

export const generateStaticParams = async () => [{ n: '2' }];

export async function generateMetadata({ params }: PageProps<'/page/[n]'>): Promise<Metadata> {
  const { n } = await params;
  return { title: `Page ${n}`, alternates: { canonical: feedPath(pageNumber(n) ?? 1), types: RSS_ALTERNATE } };
}

export default async function FeedPage({ params }: PageProps<'/page/[n]'>) {
  const page = pageNumber((await params).n);
  if (page === 1) permanentRedirect('/');
  const listing = page && (await listingPage({}, page));
  if (!listing) notFound();
  return <ListingView heading={`${SITE_NAME}: page ${page}`} listing={listing} href={feedPath} />;
}
