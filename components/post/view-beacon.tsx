'use client';

import { useEffect } from 'react';
import { sendPageView, sendWhenShown } from '@/components/analytics/send';
import { postReadApi, postViewApi } from '@/lib/core/site';

// Counts the reader's view: once the page is shown, one beacon with the page's address and referrer (the owner's
// analytics keep the path, the source's host and the campaign, never the rest). Crawlers that run no script send
// nothing; the route's gate (lib/views) leaves out those that do, the owner, and a second read within 30 minutes.
// Then how far the reader reads: the deepest quarter of the post's text they scrolled past (25, 50, 75, 100%), sent
// when they leave the page or hide it, and again only if they read further. The page stays prerendered.

const MARKS = [100, 75, 50, 25];

export function ViewBeacon({ postId }: { postId: string }) {
  useEffect(() => {
    sendPageView(postViewApi(postId));
    const text = document.querySelector('article .rc');
    if (!text) return;
    let deepest = 0;
    let sent = 0;
    const measure = () => {
      const box = text.getBoundingClientRect();
      const seen = (innerHeight - box.top) / Math.max(box.height, 1);
      deepest = Math.max(deepest, MARKS.find((mark) => seen * 100 >= mark) ?? 0);
    };
    const report = () => {
      if (document.visibilityState !== 'hidden' || deepest <= sent) return;
      sent = deepest;
      sendWhenShown(postReadApi(postId), { url: location.href, depth: deepest });
    };
    measure();
    addEventListener('scroll', measure, { passive: true });
    document.addEventListener('visibilitychange', report);
    addEventListener('pagehide', report);
    return () => {
      removeEventListener('scroll', measure);
      document.removeEventListener('visibilitychange', report);
      removeEventListener('pagehide', report);
    };
  }, [postId]);
  return null;
}
