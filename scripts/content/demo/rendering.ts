import { images } from '../media';
import { code, h, layout, ol, p, quote, ul } from '../ricos/blocks';
import { bold, italic } from '../ricos/text';
import type { PostDef } from './types';

export const renderingPosts: PostDef[] = [
  {
    slug: 'streaming-server-rendering-in-plain-terms',
    title: 'Streaming server rendering in plain terms',
    excerpt: 'Why sending HTML in pieces makes pages appear sooner, what a Suspense boundary has to do with it, and where streaming does not help.',
    date: '2025-08-05T08:20:00.000Z',
    author: 'priya',
    categories: ['rendering'],
    tags: ['react', 'http'],
    hashtags: ['ssr', 'streaming'],
    image: images.waves,
    metrics: [10240, 731, 27],
    related: ['hydration-is-a-tax-here-is-how-we-pay-less'],
    body: [
      p('Classic server rendering works like a restaurant that only serves a table when every dish is ready. The server fetches all the data, renders the whole page to a string, and sends it in one go. If one query is slow, the whole page is slow.'),
      p('Streaming serves each dish as it comes out of the kitchen. The server sends the parts of the page that are ready, keeps the connection open, and sends the rest as it becomes available.'),
      h(2, 'How it looks on the wire'),
      p('HTTP has supported this forever: a response body does not have to arrive all at once. The browser parses and renders HTML as it arrives, so the header, navigation and article text can be on screen while the comments are still loading on the server.'),
      code(`<main>
  <article>…the post, sent immediately…</article>
  <Suspense fallback={<CommentsSkeleton />}>
    <Comments postId={post.id} />   {/* sent later, when its data is ready */}
  </Suspense>
</main>`),
      h(2, 'Suspense boundaries are the seams'),
      p('In React, a `<Suspense>` boundary marks where the page may be split. Everything outside the boundary goes out in the first chunk; the fallback stands in for the slow part; when the slow part is ready, the server sends its HTML along with a tiny script that swaps it in.'),
      h(2, 'Where it does not help'),
      ul(
        'If the slow data is needed for the top of the page, there is nothing useful to send first',
        'Some proxies and CDNs buffer the whole response, which silently turns streaming off',
        'A page that is cached in full at the edge is already fast; streaming adds little',
      ),
      p('For our post pages, streaming the comments moved first contentful paint forward by 300 ms on cache misses. On cache hits it changed nothing, which is fine: those were already fast.'),
    ],
  },
  {
    slug: 'hydration-is-a-tax-here-is-how-we-pay-less',
    title: 'Hydration is a tax; here is how we pay less',
    excerpt: 'Server-rendered pages still download and run JavaScript to become interactive. How we cut our hydration cost by shipping less of it.',
    date: '2025-08-19T09:00:00.000Z',
    author: 'tomas',
    categories: ['rendering'],
    tags: ['react', 'javascript'],
    hashtags: ['hydration', 'react'],
    image: images.triangles,
    featured: true,
    metrics: [15730, 1302, 61],
    related: ['streaming-server-rendering-in-plain-terms', 'why-we-moved-to-server-components'],
    body: [
      p('Server rendering gets HTML on screen fast. Then the browser downloads the same components as JavaScript, runs them again, and attaches event handlers to the existing markup. That second pass is hydration, and on a phone it can take longer than the server rendering did.'),
      p('The page looks ready during hydration but does not respond. Taps are queued or lost. That gap is what readers experience as a “janky” site.'),
      h(2, 'Before and after'),
      layout([
        [
          h(3, 'Before'),
          ul('Whole page hydrated as one tree', '212 KB of JavaScript (compressed)', '1.9 s of main-thread work on a mid-range phone', 'INP at p75: 310 ms'),
        ],
        [
          h(3, 'After'),
          ul('Only interactive islands hydrated', '61 KB of JavaScript (compressed)', '0.4 s of main-thread work', 'INP at p75: 150 ms'),
        ],
      ]),
      h(2, 'What we changed'),
      ol(
        [bold('Most of the page became server-only.'), ' The article body, the author card and the related posts have no interactivity, so they no longer ship as JavaScript at all.'],
        [bold('Interactive parts became small islands.'), ' The like button, the comment form and the search box hydrate on their own, each with only its own code.'],
        [bold('Low-priority islands wait.'), ' The comment form hydrates when it scrolls into view, not at load.'],
      ),
      quote('Every component that does not need to run in the browser is one the browser does not have to download, parse, execute or hydrate.'),
      h(2, 'The catch'),
      p('Islands make you think about boundaries. State that used to flow freely through the tree now has to cross from server to client as serialisable props. We found that constraint ', italic('healthy'), ': it made the interactive parts of the page explicit, and smaller.'),
    ],
  },
  {
    slug: 'edge-functions-when-they-help-and-when-they-hurt',
    title: 'Edge functions: when they help and when they hurt',
    excerpt: 'Running code close to the reader cuts latency, unless that code needs a database on the other side of the world. A decision guide.',
    date: '2025-11-26T10:30:00.000Z',
    author: 'priya',
    categories: ['rendering'],
    tags: ['edge', 'http', 'caching'],
    hashtags: ['edge', 'latency'],
    image: images.circles,
    metrics: [8120, 577, 33],
    related: ['images-at-the-edge-avif-and-webp', 'cache-tags-and-instant-invalidation'],
    body: [
      p('Edge functions run in data centres close to the reader. A request from Lisbon is handled in Lisbon, not in a region in Virginia, so the round trip is a few milliseconds instead of a hundred. It sounds like a free win. It is not always.'),
      h(2, 'The database problem'),
      p('An edge function that renders a page from a database still has to reach the database. If the database lives in one region, every query now crosses the ocean, and a page that makes five sequential queries is five round trips slower than it was when the server sat next to the database.'),
      quote('Moving compute to the edge without moving data is moving the slow part further away.'),
      h(2, 'Where the edge shines'),
      ul(
        'Decisions that need only the request: redirects, geolocation, A/B bucketing, bot filtering',
        'Rewriting responses from a cache: image format negotiation, header changes',
        'Serving pages that are cached at the edge anyway, with a short function in front',
      ),
      h(2, 'Where it hurts'),
      ul(
        'Rendering that needs several round trips to a single-region database',
        'Heavy computation: edge runtimes have tight CPU limits',
        'Anything that needs a Node API the edge runtime does not provide',
      ),
      h(2, 'Our split'),
      p('Our blog renders pages in one region, next to the content, and caches the result at the edge. Edge functions handle redirects, image negotiation and cache purges. The rule of thumb that has served us well: put code where its data is, and put caches where the readers are.'),
    ],
  },
  {
    slug: 'why-we-moved-to-server-components',
    title: 'Why we moved from client-side data fetching to server components',
    excerpt: 'Spinners, waterfalls and a 300 KB bundle: our old data layer, and what changed when fetching moved to the server.',
    date: '2026-03-10T08:10:00.000Z',
    author: 'tomas',
    categories: ['rendering'],
    tags: ['react', 'caching'],
    hashtags: ['react', 'servercomponents'],
    image: images.bars,
    featured: true,
    metrics: [16840, 1419, 78],
    related: ['hydration-is-a-tax-here-is-how-we-pay-less', 'cache-tags-and-instant-invalidation'],
    body: [
      p('For four years our front end fetched its data in the browser. The server sent an empty shell, the JavaScript booted, components mounted, and each one asked the API for what it needed. It worked. It was also the root of most of our performance problems.'),
      h(2, 'What was wrong'),
      ol(
        ['**Request waterfalls.** A post component fetched the post, then rendered an author component that fetched the author, which rendered a list that fetched related posts. Three round trips, one after the other.'],
        ['**Spinners everywhere.** Each component had its own loading state. Pages arrived in pieces, and layout shifted as each piece landed.'],
        ['**A heavy client.** The data layer, its cache and the API client were 90 KB of our bundle before any feature code.'],
      ),
      h(2, 'What server components changed'),
      p('With server components, the component that needs data fetches it on the server, next to the API, and sends HTML. The three sequential requests became three queries a millisecond apart inside the data centre, and they could run in parallel because the server knew them all up front.'),
      code(`export default async function PostPage({ params }) {
  const { slug } = await params;
  const post = await getPostBySlug(slug);           // cached, tagged post:{id}
  const [author, related] = await Promise.all([getAuthor(post.memberId), getRelated(post)]);
  return <Post post={post} author={author} related={related} />;
}`),
      h(2, 'Caching moved too'),
      p('Client-side, each visitor had their own cache. On the server, one cached result serves everyone, and we can invalidate it precisely when content changes. That is the subject of [our post on cache tags](/post/cache-tags-and-instant-invalidation).'),
      h(2, 'Numbers'),
      ul('JavaScript on post pages: 298 KB to 74 KB', 'LCP at p75: 2.9 s to 1.7 s', 'Layout shift from loading states: gone'),
      p('We would not go back. The mental model is different, and the boundary between server and client needs care, but the pages are faster and the code is smaller.'),
    ],
  },
  {
    slug: 'cache-tags-and-instant-invalidation',
    title: 'Cache tags and instant invalidation',
    excerpt: 'Cache everything for a long time, then clear exactly what changed the moment it changes. How tagging cached data makes that possible.',
    date: '2026-05-19T09:00:00.000Z',
    author: 'priya',
    categories: ['rendering'],
    tags: ['caching', 'edge'],
    hashtags: ['caching', 'webhooks'],
    image: images.grid,
    featured: true,
    metrics: [13560, 1077, 49],
    seo: {
      title: 'Cache tags: long caching with instant invalidation',
      description: 'How tagging cached data lets a site cache pages for days and still show an edit the second it is published.',
      keywords: ['cache tags', 'cache invalidation', 'webhooks'],
    },
    related: ['caching-headers-explained-with-one-table', 'why-we-moved-to-server-components'],
    body: [
      p('There are two hard problems in computer science, and we spent last winter on one of them. Our goal was simple to state: cache every page for as long as possible, and show an edit within a second of publishing it.'),
      h(2, 'Time-based caching is a compromise'),
      p('With a time-to-live, you pick a number. Short, and the cache does little; long, and editors wait for their fixes to appear. Every number is wrong for somebody.'),
      h(2, 'Tags instead of timers'),
      p('Cache tags turn the question around. Each cached piece of data is labelled with what it depends on. A post page is tagged with the post, its categories and its tags; a list of posts is tagged `posts`. When something changes, the system clears every entry with the matching tag, and nothing else.'),
      code(`// where data is cached
cacheTag('posts', \`post:\${post.id}\`, ...post.categoryIds.map((id) => \`category:\${id}\`));

// where a change is announced
for (const tag of tagsForEvent(event)) revalidateTag(tag);`),
      h(2, 'Events drive the clearing'),
      p('Our content platform sends a signed webhook whenever a post, category or tag changes. A small handler verifies the signature, maps the event to tags, and clears them. One module builds every tag, used both where data is cached and where events clear it, so the two can never drift apart.'),
      ul(
        ['**post updated:** the post’s own tag plus every list'],
        ['**post liked:** only that post’s metrics'],
        ['**category renamed:** that category and every page that lists categories'],
      ),
      h(2, 'The result'),
      p('Pages are now cached until something changes, which for an old post can be months. Publishing a fix shows up on the next request. The cache hit rate on post pages went from 71% to 98%, and editors stopped asking us to “clear the cache”.'),
    ],
  },
];
