import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { unsubscribeApiPath, unsubscribeLinkHoldsHere } from '@/lib/newsletter/view';

// The page of the mail's visible "Unsubscribe" link: one button, a plain form posting to the one-click URL (so it works
// without JavaScript), which answers with the page saying what happened. Opening the link changes nothing: link
// scanners and previews open links too. The link's subscriber and token are read per request (a dynamic hole; the
// page around it is the static shell).

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false }, referrer: 'no-referrer' };

export default function UnsubscribePage({ searchParams }: PageProps<'/newsletter/unsubscribe'>) {
  return (
    <div className="container newsletter-state">
      <h1>Unsubscribe</h1>
      <Suspense fallback={<p>Checking the link…</p>}>
        <UnsubscribeForm searchParams={searchParams} />
      </Suspense>
      <p>
        <Link href="/">Back to the blog</Link>
      </p>
    </div>
  );
}

async function UnsubscribeForm({ searchParams }: Pick<PageProps<'/newsletter/unsubscribe'>, 'searchParams'>) {
  const { s, t } = await searchParams;
  if (!unsubscribeLinkHoldsHere(s, t)) {
    return <p role="status">This unsubscribe link does not work: open it again from the mail, whole.</p>;
  }
  return (
    <form method="post" action={unsubscribeApiPath(s as string, t as string)}>
      <p>Stop new posts coming to this address by e-mail.</p>
      <button type="submit">Unsubscribe</button>
    </form>
  );
}
