import { images } from '../media';
import { code, h, ol, p, quote, table, toc, ul } from '../ricos/blocks';
import { gallery, image, linkPreview } from '../ricos/media';
import { bold, deco, t } from '../ricos/text';
import type { PostDef } from './types';

export const loadingPosts: PostDef[] = [
  {
    slug: 'what-lcp-actually-measures',
    title: 'What LCP actually measures (and what it doesn’t)',
    excerpt: 'Largest Contentful Paint is the metric everyone quotes and few people read the definition of. Here is what the browser really times, and the three ways we fooled ourselves.',
    date: '2025-05-28T08:30:00.000Z',
    updated: '2025-06-02T14:10:00.000Z',
    author: 'maya',
    categories: ['performance'],
    tags: ['core-web-vitals', 'images'],
    hashtags: ['lcp', 'corewebvitals'],
    image: images.bars,
    featured: true,
    metrics: [18420, 1210, 46],
    seo: {
      title: 'What LCP actually measures | The Render Path',
      description: 'A close reading of Largest Contentful Paint: which elements count, when the clock stops, and why lab and field numbers disagree.',
      keywords: ['largest contentful paint', 'core web vitals', 'lcp'],
    },
    related: ['a-practical-guide-to-responsive-images', 'reading-a-webpagetest-waterfall'],
    body: [
      p('Every performance conversation we have eventually lands on one number: *Largest Contentful Paint*, or LCP. It is the Core Web Vital that stands in for “how fast did the page look ready”, and it is the one our dashboards shout about first. Yet when we asked around the team, nobody could say exactly which element the browser picks, or when it stops looking.'),
      p('So we read the specification and the browser source, and then we broke a few test pages on purpose. This post is what we learned.'),
      h(2, 'The short definition'),
      p('LCP is the time from the start of navigation until the **largest image or text block visible in the viewport** has been rendered. “Largest” means rendered area on screen, not file size and not intrinsic dimensions. An enormous image scaled into a small card counts only for the size of the card.'),
      p('The browser keeps a running candidate. Each time something bigger paints, it emits a new entry. It stops reporting when the user first interacts with the page (a tap, a click, a key press) or when the page is hidden. The last candidate before that is your LCP.'),
      h(2, 'What counts as a candidate'),
      ul(
        '`<img>` elements, including the first frame of an animated image',
        '`<image>` inside an SVG',
        'The poster image of a `<video>`, or its first frame once it plays',
        'Elements with a background image loaded through CSS `url()`',
        'Block-level elements that contain text nodes',
      ),
      p('Elements with zero opacity are skipped, as are images that cover the whole viewport and are judged to be backgrounds. Low-entropy placeholders, the blurry previews many image components show first, are also ignored since 2023, which means they no longer “win” LCP early.'),
      h(2, 'Three ways we fooled ourselves'),
      ol(
        [bold('Testing with a warm cache.'), ' Our local runs reused cached hero images, so LCP looked like 900 ms. Real visitors on their first visit waited for the full download.'],
        [bold('Measuring a different element.'), ' On mobile the headline, not the hero image, was the largest element. Optimising the image did nothing for those users.'],
        [bold('Forgetting about redirects.'), ' The clock starts at navigation, so a marketing link that bounces through two redirects spends its budget before our server even sees the request.'],
      ),
      quote('LCP is not “when the image loaded”. It is “when the biggest thing on screen was painted”, and those can be seconds apart.'),
      h(2, 'Seeing it for yourself'),
      p('Paste this into the console of any page, then reload. Each line is a new candidate; the last one before you touch the page is the one that counts.'),
      code(`new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    console.log(Math.round(entry.startTime), entry.element, entry.url || '(text)');
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });`),
      p('The reference article from the Chrome team is still the best long read on the topic:'),
      linkPreview('https://web.dev/articles/lcp', 'Largest Contentful Paint (LCP)', 'This post introduces the Largest Contentful Paint (LCP) metric and explains how to measure it.', '/media/hero-bars.png'),
      p('Next time we will look at the single biggest lever on LCP for most sites: getting the right image bytes to the browser early.', t(' Spoiler: it is mostly about priority, not compression.', deco.italic)),
    ],
  },
  {
    slug: 'a-practical-guide-to-responsive-images',
    title: 'A practical guide to responsive images',
    excerpt: 'srcset, sizes, picture and fetchpriority: the markup that ships the right pixels to every screen, with the mistakes we made along the way.',
    date: '2025-06-10T09:00:00.000Z',
    author: 'tomas',
    categories: ['performance'],
    tags: ['images', 'http'],
    hashtags: ['images', 'html'],
    image: images.mosaic,
    metrics: [12980, 870, 31],
    seo: {
      title: 'A practical guide to responsive images',
      description: 'How srcset, sizes, picture and fetchpriority work together, with copy-paste markup and the common mistakes.',
      keywords: ['responsive images', 'srcset', 'sizes attribute'],
    },
    related: ['what-lcp-actually-measures', 'lazy-loading-the-defaults-changed'],
    body: [
      p('Images are still the heaviest thing on most pages we audit, and the markup to serve them well has been in every browser for years. What trips people up is not the syntax but the mental model. This guide is the one we hand new team members.'),
      toc([2]),
      h(2, 'Describe the files with srcset', { id: 'srcset' }),
      p('`srcset` lists the files you have and how wide each one is. It does not tell the browser which to pick; it gives it a menu. The `w` descriptor is the intrinsic width of each file in pixels.'),
      code(`<img
  src="/media/hero-800.png"
  srcset="/media/hero-400.png 400w, /media/hero-800.png 800w, /media/hero-1200.png 1200w"
  sizes="(min-width: 960px) 720px, 100vw"
  width="1200" height="630"
  alt="Layered blue waves over a dark gradient">`),
      h(2, 'Tell the truth in sizes', { id: 'sizes' }),
      p('`sizes` tells the browser how wide the image will be *displayed*, before any CSS has loaded. The browser multiplies that by the device pixel ratio and picks the smallest candidate that is big enough. If you leave `sizes` out, the browser assumes `100vw`, and a phone with a 3x screen happily downloads your largest file for a thumbnail.'),
      p('Our rule: write `sizes` from the layout CSS, and check it with the browser’s network panel at three widths. If the downloaded file is more than twice the displayed size, the attribute is lying.'),
      h(2, 'Art direction with picture', { id: 'picture' }),
      p('Use `<picture>` when the image should *change*, not just scale: a tighter crop on mobile, or a modern format with a fallback. Each `<source>` is tried in order and the `<img>` inside is the fallback and the element that actually renders.'),
      gallery([images.mosaic, images.blocks, images.triangles]),
      h(2, 'Priority for the hero', { id: 'priority' }),
      p('Responsive markup picks the right file; it does not make it arrive early. For the image that is likely to be your LCP element, add `fetchpriority="high"` and never `loading="lazy"`. Everything below the fold gets `loading="lazy"` and `decoding="async"`.'),
      h(2, 'Our checklist', { id: 'checklist' }),
      ul(
        'Always set `width` and `height` so the browser can reserve space ([why it matters for layout shift](#sizes))',
        'Offer three to five widths, not fifteen; each one is a cache entry on the CDN',
        'Generate files in the build or at the edge, never by hand',
        'Lazy-load everything except the first screen',
      ),
      p('If you only do one thing from this list, add `sizes`. It is the single attribute we most often find missing, and the fix is usually a one-line change that halves image bytes on mobile.'),
    ],
  },
  {
    slug: 'caching-headers-explained-with-one-table',
    title: 'Caching headers, explained with a single table',
    excerpt: 'Cache-Control has a dozen directives, but a site only needs four recipes. Here they are in one table, with the reasoning behind each.',
    date: '2025-06-24T07:45:00.000Z',
    author: 'priya',
    categories: ['performance', 'rendering'],
    tags: ['caching', 'http'],
    hashtags: ['http', 'caching', 'cdn'],
    image: images.grid,
    metrics: [9640, 702, 22],
    seo: {
      title: 'Cache-Control recipes in one table',
      description: 'Four Cache-Control recipes cover almost every response on a site: fingerprinted assets, HTML, APIs and private pages.',
      keywords: ['cache-control', 'http caching', 'stale-while-revalidate'],
    },
    related: ['postmortem-the-day-our-cdn-cached-the-error-page', 'cache-tags-and-instant-invalidation'],
    body: [
      p('We have reviewed caching headers on a lot of sites, and the pattern is always the same: a dozen directives copied from different blog posts, layered on top of each other until nobody knows what the browser will do. The fix is to stop thinking in directives and start thinking in **kinds of response**.'),
      p('Almost everything a site serves falls into one of four kinds. Here is the header we use for each.'),
      table(
        [
          ['Response', 'Cache-Control', 'Why'],
          ['Fingerprinted assets (JS, CSS, fonts with a hash in the name)', 'public, max-age=31536000, immutable', 'The URL changes when the content does, so the file can be kept forever'],
          ['HTML pages', 'public, max-age=0, s-maxage=60, stale-while-revalidate=600', 'Browsers always revalidate; the CDN serves a copy up to a minute old and refreshes in the background'],
          ['Public API responses', 'public, max-age=30, stale-while-revalidate=300', 'Short freshness for clients, with a window to refresh without blocking'],
          ['Anything personalised', 'private, no-store', 'Never store it in a shared cache, and do not keep it on disk either'],
        ],
        'Four Cache-Control recipes',
      ),
      h(2, 'Why HTML gets two lifetimes'),
      p('`max-age` applies to every cache; `s-maxage` overrides it for shared caches such as a CDN. Splitting them lets us keep browsers honest (they check every time, which is cheap with an ETag) while the CDN absorbs the traffic. When we publish a post, we purge the CDN and the next visitor gets fresh HTML immediately.'),
      h(2, 'What stale-while-revalidate buys you'),
      p('Without it, the first visitor after a copy expires waits for the origin. With it, that visitor gets the stale copy instantly and the cache fetches a fresh one in the background. For a blog, serving a page that is ten minutes old is a fine trade for never making a reader wait on the origin.'),
      h(3, 'A word on no-cache'),
      p('`no-cache` does not mean “do not cache”. It means “store it, but check with the server before every use”. If you mean “never store”, the directive is `no-store`. We have seen this mix-up leak account pages into shared caches more than once.'),
      p('Print the table, stick it next to your monitor, and delete every directive that is not on it. Your future self, debugging a stale page at two in the morning, will thank you.'),
    ],
  },
  {
    slug: 'font-loading-without-the-layout-shift',
    title: 'Font loading without the layout shift',
    excerpt: 'Web fonts are a classic source of layout shift. Metric overrides, font-display and a careful preload removed ours entirely.',
    date: '2025-07-08T10:15:00.000Z',
    author: 'tomas',
    categories: ['performance'],
    tags: ['web-fonts', 'css', 'core-web-vitals'],
    hashtags: ['fonts', 'cls'],
    image: images.stripes,
    metrics: [7310, 455, 18],
    body: [
      p('When we redesigned the blog last spring, our Cumulative Layout Shift went from almost nothing to 0.14 on mobile, well over the 0.1 threshold. The culprit was not an ad or an image. It was our body font swapping in half a second after the text had already rendered with the fallback.'),
      h(2, 'Why a font swap moves things'),
      p('With `font-display: swap`, the browser shows text immediately in a fallback font and swaps in the web font when it arrives. That is good for reading, but the two fonts rarely have the same metrics. Lines get longer or shorter, paragraphs reflow, and everything below them jumps.'),
      h(2, 'Make the fallback look like the real thing'),
      p('The fix is to adjust the fallback so it takes up the same space. CSS now lets you override a local font’s metrics inside `@font-face`:'),
      code(`@font-face {
  font-family: 'Body Fallback';
  src: local('Arial');
  size-adjust: 104.5%;
  ascent-override: 92%;
  descent-override: 24%;
  line-gap-override: 0%;
}

body {
  font-family: 'Body', 'Body Fallback', sans-serif;
}`),
      p('We computed the numbers by comparing the two fonts’ metrics tables; several tools will do this for you. After the change, the swap is still visible if you look for it, but nothing moves.'),
      h(2, 'Load less, and load it earlier'),
      ul(
        ['**Subset** the font to the characters you actually use. Our Latin subset is 23 KB instead of 96 KB.'],
        ['**Preload** only the one or two files needed for the first screen, with `crossorigin` set, or the preload is wasted.'],
        ['**Self-host.** A third-party font host means another connection, and browsers no longer share its cache between sites.'],
      ),
      quote('The best font loading strategy is the one where the reader never notices a font loaded at all.'),
      p('Our mobile CLS is back to 0.01. The whole change was forty lines of CSS and one `<link>` tag.'),
    ],
  },
  {
    slug: 'reading-a-webpagetest-waterfall',
    title: 'Reading a WebPageTest waterfall',
    excerpt: 'A waterfall chart looks like noise until you know the four colours. A guided tour of one request at a time.',
    date: '2025-12-10T09:20:00.000Z',
    author: 'priya',
    categories: ['performance', 'tooling'],
    tags: ['http', 'monitoring'],
    hashtags: ['webpagetest', 'waterfall'],
    image: images.waterfall,
    metrics: [6120, 388, 14],
    related: ['what-lcp-actually-measures', 'preload-preconnect-prefetch-a-field-guide'],
    body: [
      p('The network waterfall is the most information-dense chart in web performance, and the one people scroll past fastest. Each row is a request, time runs left to right, and the colours tell you where that time went. Once you can read it, most loading problems are visible at a glance.'),
      image(images.waterfall, {
        caption: ['A simplified waterfall: DNS (teal), connect (orange), waiting for the first byte (green) and download (blue). ', t('Open the full-size chart', deco.underline), '.'],
        link: { url: '/media/diagram-waterfall.png', target: 'BLANK' },
        size: 'FULL_WIDTH',
      }),
      h(2, 'The four colours'),
      ol(
        ['**DNS lookup.** Turning the host name into an address. Only the first request to each host pays it.'],
        ['**Connect and TLS.** Opening the connection and negotiating encryption. Again, once per connection.'],
        ['**Waiting (time to first byte).** The server thinking. Long green bars on HTML usually mean slow rendering or a cache miss at the origin.'],
        ['**Download.** Bytes on the wire. Long blue bars mean big files or a slow link.'],
      ),
      h(2, 'Patterns worth spotting'),
      h(3, 'The staircase'),
      p('Requests that start only when the previous one ends form a staircase. It means each resource was discovered late, typically a font referenced from CSS or a script that loads another script. Preloading the last step, or inlining the first, flattens the stairs.'),
      h(3, 'The late hero'),
      p('Find the row for your LCP image. If it starts after a dozen scripts and stylesheets, the browser did not know it was important. A `fetchpriority="high"` attribute or a preload moves it up.'),
      h(3, 'Many hosts, many teal bars'),
      p('Every new host costs a DNS lookup and a connection. If you see six teal-and-orange pairs before any content arrives, count your third-party origins.'),
      p('Next time you run a test, resist the summary numbers and spend two minutes on the waterfall. It almost always tells you what to fix first.'),
    ],
  },
];
