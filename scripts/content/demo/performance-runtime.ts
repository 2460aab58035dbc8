import { images } from '../media';
import { code, h, ol, p, quote, ul } from '../ricos/blocks';
import { video } from '../ricos/media';
import { bold, deco, link, strike, t } from '../ricos/text';
import type { PostDef } from './types';

export const runtimePosts: PostDef[] = [
  {
    slug: 'inp-in-the-field-three-fixes',
    title: 'INP in the field: three fixes that moved our p75',
    excerpt: 'Interaction to Next Paint replaced FID as a Core Web Vital. Our field data said we were failing it; three small changes got us under 200 ms.',
    date: '2025-09-02T08:00:00.000Z',
    updated: '2025-09-20T16:45:00.000Z',
    author: 'maya',
    categories: ['performance'],
    tags: ['core-web-vitals', 'javascript', 'monitoring'],
    hashtags: ['inp', 'corewebvitals', 'javascript'],
    image: images.dots,
    metrics: [11350, 806, 29],
    related: ['understanding-the-event-loop-with-one-diagram', 'real-user-monitoring-on-a-shoestring'],
    body: [
      p('When Interaction to Next Paint became a Core Web Vital, our lab tests were green and our field data was not. At the 75th percentile, readers waited 340 ms between tapping something and seeing the page respond. The threshold for “good” is 200 ms.'),
      p('INP measures the whole interaction: the delay before your event handler runs, the handler itself, and the time to render the next frame. Lab tools rarely click anything, which is why they missed it. Here is what we found once we started collecting attribution data from real sessions.'),
      h(2, '1. The search box ran on every keystroke'),
      p('Our search suggestions filtered the full post index on each `input` event, synchronously. On a mid-range phone that was 120 ms per key. We moved the filtering into a `requestIdleCallback` and debounced it, so the key press paints immediately and suggestions follow a moment later.'),
      h(2, '2. A menu that rendered everything'),
      p('Opening the category menu mounted all five hundred tag links at once. Rendering only the visible section, and the rest on scroll, cut the interaction from 210 ms to 40 ms.'),
      h(2, '3. Yielding in long tasks'),
      p('The biggest win was the least glamorous. Our “like” button updated local state, sent analytics and re-rendered the comments count in one long task. Splitting the work so the visual update happens first and the rest after a yield made the tap feel instant:'),
      code(`async function onLike() {
  setLiked(true);              // paint first
  await scheduler.yield();     // let the browser render the frame
  sendAnalytics('like');       // everything else can wait
  refreshCounts();
}`),
      p('Where `scheduler.yield()` is missing we fall back to a `setTimeout` of zero wrapped in a promise, which is cruder but gets the same frame out.'),
      h(2, 'Results'),
      ul(
        ['p75 INP: ', strike('340 ms'), ' ', bold('170 ms')],
        'Share of “poor” interactions: from 9% to under 2%',
        'No change to any lab metric, which tells you how much the lab was missing',
      ),
      p(t('Update, 20 September:', deco.bold), ' after two more weeks of data the p75 settled at 160 ms. We have added an INP panel to the team dashboard so regressions show up within a day.'),
    ],
  },
  {
    slug: 'understanding-the-event-loop-with-one-diagram',
    title: 'Understanding the event loop with one diagram',
    excerpt: 'Tasks, microtasks, rendering: the loop that decides when your code runs and when the page paints, plus the talk that finally made it click for us.',
    date: '2025-10-15T11:00:00.000Z',
    author: 'maya',
    categories: ['performance'],
    tags: ['javascript'],
    hashtags: ['javascript', 'eventloop'],
    image: images.circles,
    metrics: [8870, 640, 25],
    related: ['inp-in-the-field-three-fixes'],
    body: [
      p('Every responsiveness problem we have debugged comes back to the event loop. Code that looks asynchronous still blocks rendering if it runs in the wrong place, and code that looks trivial can starve the browser of frames. The model is small enough to hold in your head, so let’s build it.'),
      h(2, 'One loop, three queues'),
      ol(
        ['**Tasks.** The browser takes one task from a task queue and runs it to completion: a click handler, a timer callback, a network response.'],
        ['**Microtasks.** After each task, the browser drains the microtask queue completely. Promise callbacks live here, which is why a chain of `.then()` calls can run for a long time without letting anything else in.'],
        ['**Rendering.** Roughly once per frame, if something changed, the browser runs `requestAnimationFrame` callbacks, recalculates style and layout, and paints.'],
      ),
      p('Rendering only happens *between* tasks. A task that takes 300 ms means at least 300 ms with no new frames, no matter how many animations are waiting.'),
      h(2, 'The consequences'),
      ul(
        'A long loop inside a promise chain blocks rendering just as much as a synchronous one',
        '`setTimeout(fn, 0)` gives the browser a chance to render before `fn` runs; `queueMicrotask(fn)` does not',
        '`requestAnimationFrame` is for visual updates, right before paint, not for deferring work',
      ),
      h(2, 'The talk'),
      p('The clearest explanation we know is Jake Archibald’s conference talk, which walks through the loop with animations you will not forget. Twenty-five minutes well spent:'),
      video('https://www.youtube.com/watch?v=cCOL7MC4Pl0', 'Jake Archibald: In The Loop (JSConf.Asia)', images.eventLoop),
      quote('If you remember one thing: rendering waits for the current task and all its microtasks. Keep both short.'),
      p('In the next post in this series we will use this model to explain why our INP improved when we added a single `await` in the right place.'),
    ],
  },
  {
    slug: 'css-containment-and-content-visibility-in-practice',
    title: 'CSS containment and content-visibility in practice',
    excerpt: 'content-visibility: auto can skip rendering work for everything off screen. It also has sharp edges. Here is where it paid off for us and where it did not.',
    date: '2025-10-29T09:30:00.000Z',
    author: 'tomas',
    categories: ['performance'],
    tags: ['css'],
    hashtags: ['css', 'rendering'],
    image: images.blocks,
    metrics: [5480, 301, 11],
    body: [
      p('Our archive pages list up to a hundred post cards, and profiling showed the browser spending 180 ms on style and layout for cards nobody could see yet. That is exactly the problem `content-visibility` was designed for.'),
      h(2, 'What it does'),
      p('`content-visibility: auto` tells the browser it may skip rendering an element’s contents while the element is off screen. Style, layout and paint for everything inside are deferred until the element approaches the viewport. It implies layout, style and paint *containment*, which means the element promises that nothing inside affects the layout outside.'),
      code(`.post-card {
  content-visibility: auto;
  contain-intrinsic-size: auto 420px;
}`),
      h(2, 'The placeholder size matters'),
      p('A skipped element has no contents to measure, so without a hint it collapses to zero height and the scrollbar lies. `contain-intrinsic-size` gives it a placeholder size. The `auto` keyword tells the browser to remember the real size once the element has been rendered, so scrolling back up does not jump.'),
      h(2, 'Where it helped'),
      ul(
        'Archive pages: rendering time for the initial view dropped from 180 ms to 45 ms',
        'Long posts with many code blocks and tables',
        'The comments section, which is far below the fold and expensive to lay out',
      ),
      h(2, 'Where it hurt'),
      ul(
        ['**Find in page** works, but anchored links to skipped content briefly landed in the wrong place until we set accurate intrinsic sizes.'],
        ['**Tiny elements** gained nothing; the bookkeeping costs more than the rendering it saves.'],
        ['**Sticky headers** inside a contained element stopped sticking, because containment creates a new formatting context.'],
      ),
      p('Our rule now: use it on large, repeated, independent blocks, measure before and after, and leave it off everything else.'),
    ],
  },
  {
    slug: 'third-party-scripts-an-inventory-before-a-diet',
    title: 'Third-party scripts: an inventory before a diet',
    excerpt: 'Before you cut third-party JavaScript, find out what you have, who owns it and what it costs. Our inventory spreadsheet and what it revealed.',
    date: '2026-01-13T08:40:00.000Z',
    author: 'maya',
    categories: ['performance'],
    tags: ['javascript', 'monitoring'],
    hashtags: ['thirdparty', 'javascript'],
    image: images.triangles,
    metrics: [6930, 512, 37],
    body: [
      p('Everyone agrees third-party scripts are slow. Fewer people can list the ones on their own site. When we finally did, we found fourteen origins on the home page, three of which belonged to experiments that ended a year earlier.'),
      h(2, 'Step one: list everything'),
      p('Open the network panel, filter to scripts, and group by domain. For each origin, write down four things:'),
      ol('What it is and what it does', 'Who in the company asked for it, and who owns it today', 'How many bytes and how much main-thread time it costs', 'What breaks if it disappears'),
      p('The second column is the one that matters. A script without an owner is a script nobody will ever remove.'),
      h(2, 'Step two: measure the cost'),
      p('Bytes are the easy part. Main-thread time is what hurts responsiveness. We used a performance trace on a throttled phone and summed script evaluation per origin. Our chat widget alone cost 410 ms of main-thread work before anyone opened a chat.'),
      h(2, 'Step three: decide'),
      ul(
        ['**Remove** anything without an owner or a purpose. That was three scripts for us.'],
        ['**Defer** things that do not need to run at load: the chat widget now loads on first scroll or after ten seconds.'],
        ['**Replace** heavy embeds with a static preview that loads the real thing on click.'],
        ['**Self-host** small libraries that were loaded from a public CDN for convenience.'],
      ),
      p('Vendors publish their own guidance, and it is worth reading critically. The ', link('analytics vendor’s performance notes', 'https://example.com/vendor/performance', { sponsored: true }), ' (they sponsor our meetup, for transparency) recommend async loading, which we already did; the ', link('community benchmark thread', 'https://example.org/forum/third-party-benchmarks', { ugc: true }), ' had better numbers than the vendor did. We link to ', link('a list of tracker domains', 'https://example.net/tracker-list', { nofollow: true }), ' without endorsing it.'),
      quote('The fastest third-party script is the one you removed after asking who still needed it.'),
      p('Our home page went from fourteen third-party origins to six, and total blocking time fell by half. The spreadsheet is now a living document, reviewed every quarter.'),
    ],
  },
  {
    slug: 'speculation-rules-prerendering-the-next-page',
    title: 'Speculation rules: prerendering the next page',
    excerpt: 'With a few lines of JSON, the browser can prerender the page a reader is about to open. We tried it on the blog and measured the effect.',
    date: '2026-07-28T09:00:00.000Z',
    author: 'maya',
    categories: ['performance'],
    tags: ['http', 'javascript'],
    hashtags: ['speculationrules', 'prerender'],
    image: images.waves,
    metrics: [3320, 241, 9],
    body: [
      p('The fastest navigation is one that has already happened. The Speculation Rules API lets a page tell the browser which links the reader is likely to follow next, so it can prefetch or fully prerender them in the background. When the click comes, the page appears instantly.'),
      h(2, 'The rules'),
      p('Rules are JSON inside a script tag. This is what we ship on every post page:'),
      code(`<script type="speculationrules">
{
  "prerender": [{
    "where": { "href_matches": "/post/*" },
    "eagerness": "moderate"
  }]
}
</script>`),
      p('With `moderate` eagerness, the browser starts prerendering when the pointer rests on a link for a short while, or on touch start on mobile. That is a good balance between speed and wasted work.'),
      h(2, 'What to watch out for'),
      ul(
        ['**Analytics** must not count a prerendered page as a view until it is actually shown. Check `document.prerendering` and listen for `prerenderingchange`.'],
        ['**Personalised pages** should not be prerendered with stale state; we limit the rules to public post pages.'],
        ['**Server load** goes up a little, since some prerenders are never used. Ours rose by about 4%.'],
      ),
      h(2, 'The result'),
      p('For navigations between posts in supporting browsers, median LCP dropped from 1.1 s to 0.2 s, which is to say the page was simply there. Other browsers ignore the script tag entirely, so there is no downside for them.'),
    ],
  },
];
