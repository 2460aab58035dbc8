'use client';

import { useEffect } from 'react';
import { postViewApi } from '@/lib/core/site';

// Counts the reader's view: once the page has loaded in a browser, one beacon (navigator.sendBeacon: no body, no
// cookie of its own, not waited for). Crawlers that run no script send nothing; the route's gate (lib/views) leaves
// out those that do, the owner, and a second read within 30 minutes. The page stays prerendered: this renders nothing.

export function ViewBeacon({ postId }: { postId: string }) {
  useEffect(() => {
    navigator.sendBeacon?.(postViewApi(postId));
  }, [postId]);
  return null;
}
