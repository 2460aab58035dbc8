import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SubscribeForm } from '@/components/newsletter/subscribe-form';
import { siteOffers } from '@/lib/edge/pages/offers';
import { NEWSLETTER_STATES, isNewsletterState } from '@/lib/newsletter';

export const generateStaticParams = async () => Object.keys(NEWSLETTER_STATES).map((state) => ({ state }));

export async function generateMetadata({ params }: PageProps<'/newsletter/[state]'>): Promise<Metadata> {
  const { state } = await params;
  if (!isNewsletterState(state)) return {};
  return { title: NEWSLETTER_STATES[state].title, robots: { index: false } };
}

export default async function NewsletterStatePage({ params }: PageProps<'/newsletter/[state]'>) {
  const { state } = await params;
  if (!isNewsletterState(state)) notFound();
  const { title, message, form } = NEWSLETTER_STATES[state];
  const { newsletter } = await siteOffers();
  return (
    <div className="container newsletter-state">
      <h1>{title}</h1>
      <p>{message}</p>
      {form && newsletter ? <SubscribeForm id="newsletter-again" heading="Subscribe" /> : null}
      <p>
        <Link href="/">Back to the blog</Link>
      </p>
    </div>
  );
}
