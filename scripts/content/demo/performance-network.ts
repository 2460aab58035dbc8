import { images } from '../media';
import { card, checklist, code, h, ol, p, quote, table, ul } from '../ricos/blocks';
import { bold, deco, t } from '../ricos/text';
import type { PostDef } from './types';

export const networkPosts: PostDef[] = [
  {
    slug: 'preload-preconnect-prefetch-a-field-guide',
    title: 'Preload, preconnect, prefetch: a field guide',
    excerpt: 'Three resource hints with similar names and very different jobs. When each one helps, when it backfires, and how to check.',
    date: '2026-02-10T10:00:00.000Z',
    author: 'priya',
    categories: ['performance'],
    tags: ['http', 'web-fonts'],
    hashtags: ['resourcehints', 'http'],
    image: images.stripes,
    metrics: [7740, 590, 20],
    related: ['reading-a-webpagetest-waterfall', 'font-loading-without-the-layout-shift'],
    body: [
      p('Resource hints are the closest thing web performance has to a cheat code, and like most cheat codes they can break the game. We have seen pages get slower after someone added a dozen preloads “to be safe”. Here is how we decide.'),
      table(
        [
          ['Hint', 'What it does', 'Use it for'],
          ['preconnect', 'Opens the connection (DNS, TCP, TLS) to another origin early', 'One or two critical third-party origins, such as your image CDN'],
          ['preload', 'Fetches a specific file for the current page at high priority', 'Late-discovered critical files: the LCP image, the main font'],
          ['prefetch', 'Fetches a file at low priority for a likely next navigation', 'The next page’s script or data, when you can predict it'],
        ],
        'Resource hints compared',
      ),
      h(2, 'Preload is a promise'),
      p('A preload tells the browser: this file is needed for *this* page, soon. If the page never uses it, the browser warns in the console after a few seconds, and you have spent bandwidth on nothing. Worse, every preload competes with the resources the browser would have prioritised on its own.'),
      p('We allow at most two preloads per page, and each one needs a comment explaining which waterfall problem it solves.'),
      h(2, 'Preconnect is cheap, but not free'),
      p('A connection that is opened and not used within about ten seconds is closed again. Preconnecting to six origins on a slow phone wastes CPU on TLS handshakes that do not pay off. Pick the one origin whose first request sits on the critical path.'),
      h(2, 'The font gotcha'),
      p('Fonts are always fetched in anonymous CORS mode, so a font preload without the attribute is fetched twice:'),
      code('<link rel="preload" href="/fonts/body-latin.woff2" as="font" type="font/woff2" crossorigin>'),
      h(2, 'How to check'),
      ol('Record a waterfall before the change', 'Add one hint', 'Record again on a throttled connection, three runs each', 'Keep the hint only if the metric you care about moved'),
      p('It is tedious. It is also the only way we have found to avoid preloading our way into a slower page.'),
    ],
  },
  {
    slug: 'http3-in-production-six-months-of-numbers',
    title: 'HTTP/3 in production: six months of numbers',
    excerpt: 'We turned on HTTP/3 at the edge last autumn. The median barely moved; the slowest connections improved a lot. The data, and what we think explains it.',
    date: '2026-04-07T07:30:00.000Z',
    author: 'priya',
    categories: ['performance'],
    tags: ['http', 'edge', 'monitoring'],
    hashtags: ['http3', 'quic', 'cdn'],
    image: images.dots,
    featured: true,
    metrics: [14210, 1133, 52],
    body: [
      p('Six months ago we enabled HTTP/3 on our CDN. It was a single switch, and we promised ourselves we would not write about it until we had enough field data to say something honest. This is that post.'),
      h(2, 'What changed on the wire'),
      p('HTTP/3 runs over QUIC, which is built on UDP instead of TCP. Two properties matter for us: the connection and encryption handshakes are combined, saving a round trip, and a lost packet only delays the stream it belongs to instead of every stream on the connection.'),
      h(2, 'The numbers'),
      table(
        [
          ['Metric (mobile)', 'HTTP/2', 'HTTP/3', 'Change'],
          ['TTFB, p50', '310 ms', '290 ms', '−6%'],
          ['TTFB, p95', '1,480 ms', '1,040 ms', '−30%'],
          ['LCP, p50', '1.6 s', '1.55 s', '−3%'],
          ['LCP, p95', '5.2 s', '4.1 s', '−21%'],
        ],
        'Field data before and after HTTP/3',
      ),
      p('The median visitor barely noticed. The visitor on a congested train connection noticed a lot. That matches the theory: QUIC shines when packets are lost, and packet loss lives in the tail.'),
      h(2, 'Reading the tail'),
      p('We track p', t('75', deco.sub), ' for the Core Web Vitals because that is what the thresholds use, but for protocol changes the p', t('95', deco.sub), ' told the real story. About 71% of our requests now use HTTP/3', t('1', deco.sup), '; the rest fall back to HTTP/2 on networks that block UDP.'),
      h(2, 'Things that surprised us'),
      ul(
        'Some corporate networks block UDP on port 443 entirely; browsers fall back gracefully, but the first visit pays for the failed attempt',
        'Our server logs needed a new field, because the protocol was no longer implied by the port',
        ['Connection migration, where a phone moves from Wi-Fi to mobile data without reconnecting, is real and ', bold('measurable'), ': fewer aborted page loads on the commute'],
      ),
      quote('Medians hide the people who most need a faster web. Look at the tail.'),
      p(t('1', deco.sup), t(' Measured as a share of HTML requests over the last thirty days, excluding bots.', deco.italic)),
    ],
  },
  {
    slug: 'lazy-loading-the-defaults-changed',
    title: 'Lazy loading: the defaults changed, did your code?',
    excerpt: 'Native lazy loading, fetchpriority and better browser heuristics have made most lazy-loading libraries unnecessary, and some actively harmful.',
    date: '2026-06-02T09:15:00.000Z',
    author: 'tomas',
    categories: ['performance'],
    tags: ['images', 'javascript'],
    hashtags: ['lazyloading', 'images'],
    image: images.sunset,
    metrics: [4470, 298, 12],
    related: ['a-practical-guide-to-responsive-images'],
    body: [
      p('Five years ago, lazy loading images meant a JavaScript library, a `data-src` attribute and an `IntersectionObserver`. Today every major browser supports `loading="lazy"` natively. Yet half the sites we audit still ship the library, and a surprising number use it on the hero image.'),
      h(2, 'Why the library hurts now'),
      p('A JavaScript lazy loader hides the real image URL from the browser’s preload scanner. The scanner reads HTML ahead of the parser and starts downloads early; it cannot see an image that only gets its `src` when a script runs. For an image near the top of the page that can add a full second to LCP.'),
      h(2, 'What we do instead'),
      code(`<!-- First screen: eager, and tell the browser it matters -->
<img src="/media/hero.png" fetchpriority="high" width="1200" height="630" alt="...">

<!-- Everything else: let the browser decide when -->
<img src="/media/card.png" loading="lazy" decoding="async" width="600" height="315" alt="...">`),
      h(2, 'Iframes too'),
      p('`loading="lazy"` works on iframes as well. Video embeds and maps below the fold are prime candidates, and each one can be several hundred kilobytes of script that the reader may never scroll to.'),
      h(2, 'The migration'),
      ol(
        'Remove the library and its script tag',
        'Replace `data-src` with `src` and add `loading="lazy"` below the fold',
        'Add `fetchpriority="high"` to the one image most likely to be the LCP element',
        'Check a throttled waterfall: the hero should start downloading before any script runs',
      ),
      p('On our archive pages this removed 9 KB of JavaScript and improved LCP by 380 ms at the 75th percentile. Sometimes the best optimisation is deleting an old one.'),
    ],
  },
  {
    slug: 'images-at-the-edge-avif-and-webp',
    title: 'Images at the edge: format negotiation with AVIF and WebP',
    excerpt: 'Serving AVIF to browsers that accept it and WebP or PNG to the rest, from one URL, with the cache keys that make it safe.',
    date: '2026-09-08T08:45:00.000Z',
    author: 'priya',
    categories: ['performance', 'rendering'],
    tags: ['images', 'edge'],
    hashtags: ['avif', 'webp', 'cdn'],
    image: images.mosaic,
    metrics: [2980, 204, 8],
    related: ['a-practical-guide-to-responsive-images', 'edge-functions-when-they-help-and-when-they-hurt'],
    body: [
      p('Modern image formats save a lot of bytes: our hero images are about 50% smaller as AVIF than as optimised JPEG at the same visual quality. The question is how to serve them without rewriting every `<img>` tag as a `<picture>` with three sources.'),
      h(2, 'Negotiation on one URL'),
      p('Browsers announce the formats they accept in the `Accept` request header. An edge function can read it and pick the best variant for the same URL:'),
      code(`export default async function handler(request) {
  const accept = request.headers.get('accept') ?? '';
  const format = accept.includes('image/avif') ? 'avif' : accept.includes('image/webp') ? 'webp' : 'png';
  const response = await fetch(variantUrl(request.url, format));
  const headers = new Headers(response.headers);
  headers.set('Vary', 'Accept');
  return new Response(response.body, { status: response.status, headers });
}`),
      h(2, 'The cache key is the hard part'),
      p('`Vary: Accept` tells caches that the response depends on the `Accept` header. But raw `Accept` headers differ between every browser version, so a cache that keys on the full header stores dozens of copies of each image. We normalise the header at the edge to one of three values before it reaches the cache.'),
      ul(['Normalise `Accept` to **avif**, **webp** or **fallback**'], 'Key the cache on the normalised value, not the raw header', 'Keep the original format as the fallback, never drop it'),
      h(2, 'Was it worth it?'),
      p('Image bytes per page view fell by 41%. LCP improved modestly, by about 150 ms at the 75th percentile, because most of our images were already well compressed. The bigger win was the bandwidth bill.'),
    ],
  },
  {
    slug: 'a-performance-checklist-for-new-projects',
    title: 'A performance checklist for new projects',
    excerpt: 'The fourteen things we set up on day one of every project, before anyone writes a feature. Pinned, and updated as we learn.',
    date: '2026-11-03T08:00:00.000Z',
    updated: '2026-11-14T12:30:00.000Z',
    author: 'maya',
    categories: ['performance'],
    tags: ['core-web-vitals', 'images', 'caching'],
    hashtags: ['checklist', 'webperf'],
    image: images.grid,
    pinned: true,
    metrics: [9860, 921, 34],
    seo: {
      title: 'A performance checklist for new web projects',
      description: 'Fourteen things to set up before the first feature: budgets, monitoring, images, fonts, caching and CI checks.',
      keywords: ['performance checklist', 'web performance', 'performance budget'],
    },
    related: ['our-performance-budget-and-how-we-enforce-it-in-ci', 'real-user-monitoring-on-a-shoestring'],
    body: [
      p('It is much cheaper to keep a site fast than to make a slow one fast. Every time we start a project, we go through this list before the first feature lands. It lives here so we can link to it, and so you can steal it.'),
      card(
        [p(bold('How to use this list. '), 'Tick items as you go; anything you skip, write down why. The reasons are often more useful than the ticks.')],
        '#FFF4E5',
      ),
      h(2, 'Measure'),
      checklist(
        [true, 'Real-user monitoring for LCP, INP and CLS, split by page type'],
        [true, 'A performance budget checked in CI (see [our budget post](/post/our-performance-budget-and-how-we-enforce-it-in-ci))'],
        [true, 'A dashboard the whole team can see, not just the performance people'],
      ),
      h(2, 'Load'),
      checklist(
        [true, 'HTML served from a cache close to the reader'],
        [true, 'Fingerprinted assets with a one-year `immutable` cache lifetime'],
        [true, 'Responsive images with `width`, `height` and `sizes`'],
        [true, 'The likely LCP image has `fetchpriority="high"`, everything below the fold is lazy'],
        [false, 'Fonts subset and self-hosted, with metric-matched fallbacks'],
        [false, 'No more than two preloads per page'],
      ),
      h(2, 'Run'),
      checklist(
        [true, 'A JavaScript budget per route, compressed'],
        [true, 'Third-party scripts listed with an owner each'],
        [false, 'Long tasks broken up in every input handler'],
        [false, 'Speculation rules for the most common next navigation'],
        [false, 'A quarterly review of this list'],
      ),
      p('The unticked items are the ones we are still working on for this blog. We will update the post as they land; the last update was on 14 November.'),
    ],
  },
];
