import { images } from '../media';
import { code, h, p, ul } from '../ricos/blocks';
import type { PostDef } from './types';

export const draftPosts: PostDef[] = [
  {
    slug: 'memory-leaks-in-single-page-apps',
    title: 'Memory leaks in single-page apps',
    excerpt: 'Detached DOM nodes, forgotten listeners and caches that never shrink: finding leaks with heap snapshots.',
    date: '2026-10-20T15:00:00.000Z',
    status: 'UNPUBLISHED',
    neverPublished: true,
    author: 'tomas',
    categories: ['performance'],
    tags: ['javascript'],
    hashtags: ['memory', 'javascript'],
    image: images.triangles,
    metrics: [0, 0, 0],
    body: [
      p('A single-page app never reloads, so anything it forgets to clean up stays in memory until the tab is closed. On a long session that is how a fast app becomes a slow one.'),
      h(2, 'The usual suspects'),
      ul('Event listeners added on mount and never removed', 'Detached DOM nodes still referenced from a closure', 'Module-level caches with no size limit'),
      p('Draft: add the heap snapshot walkthrough and the comparison view screenshots.'),
    ],
  },
  {
    slug: 'view-transitions-across-documents',
    title: 'View transitions across documents',
    excerpt: 'Animated page transitions without a single-page app: cross-document view transitions, and how to keep them respectful of reduced motion.',
    date: '2026-12-01T08:00:00.000Z',
    status: 'SCHEDULED',
    author: 'maya',
    categories: ['rendering'],
    tags: ['css'],
    hashtags: ['viewtransitions', 'css'],
    image: images.waves,
    metrics: [0, 0, 0],
    body: [
      p('For years, smooth transitions between pages were a reason to build a single-page app. Cross-document view transitions bring them to ordinary multi-page sites with a couple of lines of CSS.'),
      code(`@view-transition {
  navigation: auto;
}`),
      p('In this post we look at what the browser animates by default, how to name elements so they morph between pages, and how to turn it all off for readers who prefer reduced motion.'),
    ],
  },
  {
    slug: 'ab-testing-performance-changes',
    title: 'A/B testing performance changes',
    excerpt: 'Does a faster page really sell more? How we set up a fair experiment, and why we unpublished the first version of this post.',
    date: '2026-02-17T09:00:00.000Z',
    updated: '2026-02-19T11:00:00.000Z',
    status: 'UNPUBLISHED',
    author: 'priya',
    categories: ['tooling'],
    tags: ['monitoring', 'testing'],
    hashtags: ['abtesting'],
    image: images.bars,
    metrics: [412, 18, 3],
    body: [
      p('We published this post, then took it down two days later: a reader pointed out that our control group saw a different CDN configuration, which made the comparison unfair. We are rerunning the experiment and will publish the corrected numbers.'),
      h(2, 'What a fair test needs'),
      ul('Both groups on the same infrastructure', 'Assignment by visitor, not by page view', 'Enough traffic for the effect size you hope to see'),
    ],
  },
];
