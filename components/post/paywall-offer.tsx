'use client';

import { Suspense, lazy } from 'react';
import type { PaywallOfferProps } from './paywall-offer-island';

// The paywall box's "Read on" island (paywall-offer-island.tsx), loaded only where a page renders it: a paid post. Its
// code is a chunk of its own, so a free post's page, which shares the post route's islands, does not carry it. Until it
// has loaded (and on the server) the offer is the page's own, the same for everyone.
const Island = lazy(() => import('./paywall-offer-island'));

export function PaywallOffer(props: PaywallOfferProps) {
  return (
    <Suspense fallback={props.children}>
      <Island {...props} />
    </Suspense>
  );
}
