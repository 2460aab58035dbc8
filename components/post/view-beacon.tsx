'use client';

import { useEffect } from 'react';
import { postViewApi } from '@/lib/core/site';

// Counts the reader's view: once the page has loaded in a browser, one beacon (navigator.sendBeacon: no cookie of its
// own, not waited for) with the page's address and referrer, for the owner's analytics (lib/analytics keeps the path,
// the source's host and the campaign, never the rest). Crawlers that run no script send nothing; the route's gate
// (lib/views) leaves out those that do, the owner, and a second read within 30 minutes. The page stays prerendered.

export function ViewBeacon({ postId }: { postId: string }) {
  useEffect(() => {
    const page = JSON.stringify({ url: location.href, referrer: document.referrer });
    navigator.sendBeacon?.(postViewApi(postId), new Blob([page], { type: 'application/json' }));
  }, [postId]);
  return null;
}
