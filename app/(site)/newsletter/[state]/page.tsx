import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SubscribeForm } from '@/components/newsletter/subscribe-form';
import { siteOffers } from '@/lib/edge/pages/offers';
import { NEWSLETTER_STATES, isNewsletterState } from '@/lib/newsletter/view';

// Static as the site's other pages with a parameter (docs/architecture.md, "Pages are static"): without it, a post
// event (which clears the menu's categories in the layout) had Next prerender the route's fallback shell again, which
// reads `params` outside <Suspense>, and every state page answered 500 until the next build.
export const ensureStatic = 'navigation';

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
