'use client';

import { type ComponentType, useEffect, useState } from 'react';
import { hasMemberHint } from '@/lib/core/site';
import type { PaywallOfferProps } from './paywall-offer-island';

// The paywall box's "Read on" (paywall-offer-island.tsx), fetched only in a browser with a member session (the readable
// hint cookie): a chunk of its own, which visitors, and every free post's page, never download. Until then (and on
// the server, and without JavaScript) the offer is the page's own, the same for everyone.
export function PaywallOffer(props: PaywallOfferProps) {
  const [Island, setIsland] = useState<ComponentType<PaywallOfferProps> | null>(null);
  useEffect(() => {
    if (!hasMemberHint(document.cookie)) return;
    let live = true;
    void import('./paywall-offer-island').then((module) => live && setIsland(() => module.default));
    return () => {
      live = false;
    };
  }, []);
  return Island ? <Island {...props} /> : props.children;
}
