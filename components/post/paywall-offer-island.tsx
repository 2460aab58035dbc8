'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { hasMemberHint } from '@/lib/core/site';
import { paidPostOpenApi } from '@/lib/plans/view';

// The paywall box's offer on the public post page (issue 47). The page is prerendered, the same for everyone, so its
// HTML offers the plans ("Join"). In a browser with a member session (the readable hint cookie), this island asks once
// whether the member holds a plan that opens the post (`{ open }`, nothing of the post) and, if so, offers "Read on"
// to the whole text at /read/{slug} instead. Visitors who never signed in make no request; offline or refused, the
// offer stays.

export interface PaywallOfferProps {
  postId: string;
  /** Where the member reads the whole text. */
  readHref: string;
  /** The page's words: the sentence saying their plan opens the post, and the link's. */
  opened: string;
  readOn: string;
  /** The offer as the page renders it for everyone. */
  children: ReactNode;
}

export default function PaywallOfferIsland({ postId, readHref, opened, readOn, children }: PaywallOfferProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!hasMemberHint(document.cookie)) return;
    const controller = new AbortController();
    fetch(paidPostOpenApi(postId), { signal: controller.signal, cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { open?: unknown } | null) => body?.open === true && setOpen(true))
      .catch(() => {});
    return () => controller.abort();
  }, [postId]);
  if (!open) return children;
  return (
    <p className="paywalled__open" data-testid="paywall-read-on">
      {opened}{' '}
      <a className="button" href={readHref}>
        {readOn}
      </a>
    </p>
  );
}
