import type { CategoryKey, TagKey } from './taxonomy';

// Word and sentence banks for generated posts. Placeholders in braces are filled by synth.ts, which also
// capitalises the first letter of every sentence and title.

export const topics: Record<CategoryKey, { topics: string[]; tags: TagKey[]; hashtags: string[] }> = {
  performance: {
    topics: [
      'image loading',
      'font loading',
      'the LCP element',
      'long tasks',
      'layout shift',
      'third-party scripts',
      'resource hints',
      'the critical path',
      'JavaScript bundles',
      'interaction latency',
      'compression',
      'the main thread',
    ],
    tags: ['core-web-vitals', 'images', 'javascript', 'web-fonts', 'http', 'css'],
    hashtags: ['webperf', 'corewebvitals', 'lcp', 'inp', 'cls', 'images'],
  },
  rendering: {
    topics: [
      'server rendering',
      'streaming HTML',
      'hydration',
      'edge caching',
      'cache invalidation',
      'server components',
      'static generation',
      'route prefetching',
    ],
    tags: ['react', 'caching', 'edge', 'http'],
    hashtags: ['ssr', 'caching', 'react', 'edge'],
  },
  tooling: {
    topics: [
      'bundle analysis',
      'performance budgets',
      'lab testing',
      'real-user monitoring',
      'CI pipelines',
      'source maps',
      'build caching',
      'dependency updates',
    ],
    tags: ['testing', 'monitoring', 'javascript'],
    hashtags: ['ci', 'tooling', 'rum', 'bundlesize'],
  },
  accessibility: {
    topics: [
      'keyboard navigation',
      'focus management',
      'screen reader support',
      'colour contrast',
      'reduced motion',
      'form labels',
      'alt text',
      'landmark regions',
    ],
    tags: ['testing', 'css', 'images'],
    hashtags: ['a11y', 'inclusivedesign', 'keyboard'],
  },
  'field-notes': {
    topics: [
      'on-call rotations',
      'incident reviews',
      'release checklists',
      'client audits',
      'conference talks',
      'code review habits',
      'team dashboards',
    ],
    tags: ['postmortem', 'monitoring', 'testing'],
    hashtags: ['teamwork', 'postmortem', 'oncall'],
  },
};

export const titles = [
  'How we fixed {topic} on {site}',
  '{Topic}: what we learned',
  'A field guide to {topic}',
  'Notes on {topic}',
  '{count} lessons about {topic}',
  'Why {topic} matters more than you think',
  '{Topic} without the guesswork',
  'What {site} taught us about {topic}',
  'Rethinking {topic}',
  'The quiet cost of {topic}',
];

export const headings = [
  'Why {topic} matters',
  'What we measured',
  'The fix',
  'Results',
  'What we would do differently',
  'Where {topic} goes wrong',
  'The trade-offs',
  'How to start',
  'A closer look at {topic}',
  'What the field data said',
];

export const sentences = [
  'We spent {duration} looking at {topic} on {site}, and the results surprised us.',
  'The first thing to check is whether {topic} is on the critical path at all.',
  'On a mid-range phone, {topic} cost us {number} ms of main-thread time.',
  'Most teams treat {topic} as an afterthought, which is exactly why it is worth a second look.',
  'A small change to {topic} moved our {metric} at the 75th percentile by {percent}%.',
  'It is tempting to fix {topic} with a library; in our experience, deleting code works better.',
  'Measure before you change anything, and measure again on a throttled connection afterwards.',
  'The browser already does most of the work here, as long as we do not get in its way.',
  'Field data told a different story from the lab, as it often does.',
  'None of this is new, but it is easy to forget under deadline pressure.',
  'We wrote the change in an afternoon and spent a week confirming it did what we thought.',
  'If you only do one thing, make {topic} visible on the team dashboard.',
  'The trade-off is real: {topic} gets simpler, but {other} needs more care.',
  'Our readers on slower networks noticed the difference before our dashboards did.',
  'This is where {tool} earned its place in our toolbox.',
  'There is no universal threshold, so pick one, write it down and revisit it every quarter.',
  'The {metric} numbers looked fine on desktop and poor on mobile.',
  'We found {number} requests on the page before anything useful was painted.',
  'Nobody on the team could say who owned {topic}, which explained a lot.',
  'Once we could see the problem, the fix took less than a day.',
  'The documentation makes {topic} sound simple; production traffic disagrees.',
  'Every regression we caught early was one we did not have to explain to a client.',
  'We compared three approaches to {topic} and kept the most boring one.',
  'It helped to write down what “fast enough” meant before arguing about it.',
  '{tool} showed the same pattern on every template we tested.',
  'After the change, {metric} improved by {percent}% and stayed there for a month.',
  'Small, reversible changes beat one big rewrite every time we have tried both.',
  'The slowest {percent}% of sessions belonged to people on older phones and busy networks.',
];

export const listItems = [
  'Measure in the field, not only in the lab',
  'Write the threshold down where everyone can see it',
  'Automate the check in CI',
  'Review the numbers every quarter',
  'Give every third-party script an owner',
  'Start with the slowest template, not the home page',
  'Test on a real mid-range phone',
  'Keep a changelog of every experiment',
  'Remove before you optimise',
  'Prefer what the browser gives you for free',
  'Check the result with a screen reader and a keyboard',
  'Roll out behind a flag and compare',
];

export const quotes = [
  'The fastest code is the code you never send.',
  'Medians hide the people who most need a faster web.',
  'A budget nobody checks is a wish.',
  'If you cannot use it with a keyboard, some of your readers cannot use it at all.',
  'Measure twice, ship once, measure again.',
  'Every kilobyte should be a decision someone made on purpose.',
];

export const snippets = [
  `<img src="/media/hero.png" fetchpriority="high" width="1200" height="630" alt="">`,
  `new PerformanceObserver((list) => console.log(list.getEntries())).observe({ type: 'longtask', buffered: true });`,
  `.card {\n  content-visibility: auto;\n  contain-intrinsic-size: auto 320px;\n}`,
  `Cache-Control: public, max-age=0, s-maxage=60, stale-while-revalidate=600`,
  `await scheduler.yield();`,
  `@media (prefers-reduced-motion: no-preference) {\n  .hero { animation: fade-in 300ms ease; }\n}`,
];

export const fills = {
  duration: ['a week', 'two sprints', 'a month', 'an afternoon', 'three days'],
  site: ['a client’s shop', 'our own blog', 'a news site', 'a booking app', 'a documentation portal', 'a marketplace'],
  metric: ['LCP', 'INP', 'CLS', 'TTFB', 'total blocking time', 'JavaScript size'],
  tool: [
    'the network panel',
    'a performance trace',
    'WebPageTest',
    'the bundle analyser',
    'a screen reader',
    'our RUM dashboard',
    'Lighthouse',
  ],
  count: ['Three', 'Four', 'Five', 'Seven', 'Ten'],
};
