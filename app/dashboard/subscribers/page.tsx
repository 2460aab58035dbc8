import type { Metadata } from 'next';
import Link from 'next/link';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { NewsletterResults } from '@/components/dashboard/newsletter-results';
import { NewsletterSends } from '@/components/dashboard/newsletter-sends';
import { SubscriberWeeks } from '@/components/dashboard/subscriber-weeks';
import { currentOwner } from '@/lib/owner';
import { dataClient } from '@/lib/data';
import {
  countingOpens,
  newsletterResults,
  sendReports,
  sendingPaused,
  siteSending,
  subscriberWeeks,
} from '@/lib/newsletter';
import { CountOpens, MailOutcome, PauseSending } from '@/components/dashboard/newsletter-controls';

export const metadata: Metadata = { title: 'Subscribers' };

export default function SubscribersPage({ searchParams }: PageProps<'/dashboard/subscribers'>) {
  return (
    <>
      <h1>Subscribers</h1>
      <p className="settings-moving">
        The blog&rsquo;s followers on Mastodon and the rest of the fediverse are on{' '}
        <Link href="/dashboard/followers">Followers</Link>.
      </p>
      <Subscribers searchParams={searchParams} />
    </>
  );
}

async function Subscribers({ searchParams }: Pick<PageProps<'/dashboard/subscribers'>, 'searchParams'>) {
  const owner = await currentOwner('/dashboard/subscribers');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  const [weeks, sends, paused, opens, results] = await Promise.all([
    subscriberWeeks(dataClient()),
    sendReports(siteSending().records),
    sendingPaused(),
    countingOpens(),
    newsletterResults(),
  ]);
  const { mail } = await searchParams;
  return (
    <>
      <MailOutcome outcome={typeof mail === 'string' ? mail : undefined} />
      <section className="panel" aria-labelledby="sends-heading">
        <h2 id="sends-heading">Posts mailed</h2>
        <PauseSending paused={paused} />
        <NewsletterSends sends={sends} paused={paused} />
      </section>
      <section className="panel" aria-labelledby="results-heading">
        <h2 id="results-heading">What each e-mail came to</h2>
        <CountOpens on={opens} />
        <NewsletterResults results={results} />
      </section>
      <SubscriberTable weeks={weeks} />
    </>
  );
}

function SubscriberTable({ weeks }: { weeks: Awaited<ReturnType<typeof subscriberWeeks>> }) {
  return (
    <section className="panel" aria-labelledby="weeks-heading">
      <h2 id="weeks-heading">By week of subscribing</h2>
      <SubscriberWeeks weeks={weeks} />
      <p>
        <a href="/dashboard/subscribers.csv" download>
          Download every subscriber (CSV)
        </a>
      </p>
    </section>
  );
}
