'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { sendPageView } from './send';

// The public pages' view beacon (the feed, categories, tags, authors, search...), in the site's document: a page view
// for the owner's analytics (app/api/hit) on the first page and on each page the reader goes to. A post's page counts
// its own view, with the post (components/post/view-beacon.tsx). No cookie; the pages stay prerendered.

const POST_PAGE = /^\/(?:[a-z]{2}\/)?post\//;

export function PageBeacon() {
  const pathname = usePathname();
  useEffect(() => {
    if (!POST_PAGE.test(pathname)) sendPageView('/api/hit');
  }, [pathname]);
  return null;
}
