import { budgetFile, images } from '../media';
import { code, h, li, ol, p, quote, ul } from '../ricos/blocks';
import { file } from '../ricos/media';
import { bold } from '../ricos/text';
import type { PostDef } from './types';

export const toolingPosts: PostDef[] = [
  {
    slug: 'our-performance-budget-and-how-we-enforce-it-in-ci',
    title: 'Our performance budget, and how we enforce it in CI',
    excerpt: 'A budget nobody checks is a wish. Ours fails the build when a route ships too much JavaScript, and we have not regretted it once.',
    date: '2025-07-22T08:00:00.000Z',
    author: 'maya',
    categories: ['tooling'],
    tags: ['testing', 'monitoring'],
    hashtags: ['performancebudget', 'ci'],
    image: images.bars,
    metrics: [8990, 702, 24],
    related: ['a-performance-checklist-for-new-projects', 'testing-rendering-performance-in-ci-without-flakiness'],
    body: [
      p('A performance budget is a set of limits the team agrees not to exceed: kilobytes of JavaScript, milliseconds of LCP, a layout shift score. Most teams we talk to have one. Few enforce it, and a budget that is only checked when someone remembers is a budget that is already blown.'),
      h(2, 'What we budget'),
      p('We split the budget into two kinds of limit. **Field limits** are what readers experience, measured by real-user monitoring. **Build limits** are what we control directly and can check on every pull request.'),
      p('Here is our current budget as a spreadsheet you can copy:'),
      file(`/media/${budgetFile.file}`, 'performance-budget.csv', 'csv', 'text/csv', 1),
      h(2, 'Checking it in CI'),
      p('Build limits are checked by a script that reads the bundler’s output manifest and compares each route against its limit. It runs after the build step and fails the pipeline with a readable message:'),
      code(`Route /post/[slug]: 183 KB of JavaScript (limit 170 KB, +13 KB)
  largest additions since main:
    + 11.2 KB  syntax-highlighter (new import in components/code.tsx)
    +  1.9 KB  date-fns/locale
Budget exceeded. Raise the limit in perf-budget.json with a reason, or trim the route.`),
      h(2, 'The escape hatch'),
      p('Sometimes a feature is worth the bytes. The budget file is in the repository, so raising a limit is a one-line change in the same pull request, with a reason in the commit message. That keeps the decision visible and reviewable instead of silent.'),
      quote('The point of a budget is not to forbid growth. It is to make every kilobyte a decision someone made on purpose.'),
      h(2, 'A year in'),
      ul('The budget has failed 23 builds', 'We raised a limit four times, each with a written reason', 'JavaScript per route is 8% smaller than a year ago, while we shipped more features'),
    ],
  },
  {
    slug: 'testing-rendering-performance-in-ci-without-flakiness',
    title: 'Testing rendering performance in CI without flakiness',
    excerpt: 'Timing tests on shared CI machines are noisy. Counting work instead of measuring time gave us performance tests that fail only when something really changed.',
    date: '2026-01-27T09:30:00.000Z',
    author: 'tomas',
    categories: ['tooling'],
    tags: ['testing'],
    hashtags: ['ci', 'testing'],
    image: images.blocks,
    metrics: [4260, 318, 15],
    related: ['our-performance-budget-and-how-we-enforce-it-in-ci'],
    body: [
      p('Our first attempt at performance tests in CI measured page load time and failed when it exceeded a threshold. Within a week the team had learned to click “re-run”. CI machines share CPUs with other jobs, and a test that measures wall-clock time on a noisy neighbour measures the neighbour.'),
      h(2, 'Count, do not time'),
      p('The trick that worked was to measure things that are deterministic for a given build and correlate with speed:'),
      ul(
        'Bytes of JavaScript and CSS per route',
        'Number of requests before the first render',
        'Number of DOM nodes on the page',
        'Number of React renders during a scripted interaction',
        'Number of layout shifts during load, and their total score',
      ),
      p('None of these depend on how busy the machine is. A test that says “this route now makes 14 requests before render, it used to make 9” is actionable and never flaky.'),
      h(2, 'When you must measure time'),
      p('Some regressions only show up as time. For those, we run the measurement several times and compare the median with the median on the main branch, measured on the same machine in the same job:'),
      code(`const runs = 7;
const base = median(await measure(mainBuild, runs));
const head = median(await measure(prBuild, runs));
if (head > base * 1.15) fail(\`LCP regressed: \${base} ms → \${head} ms\`);`),
      p('Comparing against a baseline from the same run cancels most of the machine noise. A 15% threshold keeps false alarms to about one a month, which the team accepts.'),
      h(2, 'What we stopped doing'),
      ul(['Absolute time thresholds in CI'], ['Lighthouse scores as a pass/fail gate; they combine too many things to be actionable'], ['Re-running failed jobs without reading the output']),
    ],
  },
  {
    slug: 'bundle-analysis-finding-the-200-kb-you-didnt-ask-for',
    title: 'Bundle analysis: finding the 200 KB you didn’t ask for',
    excerpt: 'A step-by-step walk through a real bundle, from the treemap to the three imports that explained most of the bloat.',
    date: '2026-03-24T10:00:00.000Z',
    author: 'maya',
    categories: ['tooling'],
    tags: ['javascript'],
    hashtags: ['bundlesize', 'javascript'],
    image: images.mosaic,
    metrics: [10120, 866, 41],
    body: [
      p('A client asked us why their product page shipped 640 KB of JavaScript when the page “only had a gallery and a button”. Two hours with a bundle analyser later, we had a list of fixes worth 200 KB. This is the process we followed, step by step.'),
      h(2, 'The process'),
      ol(
        li(
          'Generate a treemap of the production build',
          ul('Use the production build, never the development one; it includes different code', 'Look at compressed sizes, since that is what goes over the wire'),
        ),
        li(
          'Find the biggest rectangles that are not your own code',
          ol('A date library with every locale included: 72 KB', 'A full icon set imported for four icons: 58 KB', 'A polyfill bundle for browsers the site no longer supports: 41 KB'),
        ),
        li('For each one, ask why it is there', ul('Which import pulls it in?', 'Is it needed on this route, or on every route?', 'Is there a smaller way to get the same result?')),
        'Fix the biggest one first, rebuild, and look again',
      ),
      h(2, 'The fixes'),
      p(bold('Locales.'), ' The date library loaded every locale because of a dynamic `import()` with a variable path. Listing the three locales the site supports explicitly removed 68 KB.'),
      p(bold('Icons.'), ' `import { icons } from` the icon package pulled in all of them. Importing each icon by its own path let the bundler drop the rest.'),
      p(bold('Polyfills.'), ' The polyfill bundle targeted browsers from 2017. Updating the browser targets in the build configuration removed it entirely.'),
      h(2, 'Keeping it off'),
      p('Bloat comes back. We added a size check to CI that fails when a route grows by more than 5 KB without a note, which is how we caught a 40 KB syntax highlighter sneaking into the product page a month later.'),
    ],
  },
  {
    slug: 'real-user-monitoring-on-a-shoestring',
    title: 'Real-user monitoring on a shoestring',
    excerpt: 'You do not need an expensive product to collect Core Web Vitals from real visitors. A 2 KB script, one endpoint and a weekly query.',
    date: '2026-06-16T07:50:00.000Z',
    author: 'priya',
    categories: ['tooling'],
    tags: ['monitoring', 'core-web-vitals'],
    hashtags: ['rum', 'webvitals'],
    image: images.dots,
    metrics: [6480, 533, 19],
    related: ['inp-in-the-field-three-fixes', 'a-performance-checklist-for-new-projects'],
    body: [
      p('Lab tests tell you what could happen. Real-user monitoring tells you what did. For a small site, RUM does not have to mean a vendor contract: the browser does most of the work, and the rest is a few dozen lines.'),
      h(2, 'Collecting'),
      p('The open-source `web-vitals` library reports LCP, INP and CLS the same way search engines measure them. We send each value to our own endpoint with `sendBeacon`, which survives the page being closed:'),
      code(`import { onCLS, onINP, onLCP } from 'web-vitals';

function send(metric) {
  const body = JSON.stringify({ name: metric.name, value: metric.value, page: location.pathname, id: metric.id });
  navigator.sendBeacon('/api/vitals', body);
}

onCLS(send);
onINP(send);
onLCP(send);`),
      h(2, 'Storing'),
      p('The endpoint validates the payload, drops anything malformed, and appends a row to a table. No personal data: no IP addresses, no user ids, only the page path and a coarse device class from the user agent.'),
      h(2, 'Reading'),
      p('Once a week a query computes the 75th percentile per metric and page type, and posts it to the team chat. That is the whole system. It costs nothing beyond the database we already had.'),
      h(2, 'Pitfalls'),
      ul(
        'Report the final value: CLS and INP change over the page’s life, so send on visibility change, not at load',
        'Sample if traffic is high; 10% of page views is plenty for stable percentiles',
        'Segment by page type; a site-wide p75 hides the slow template',
      ),
    ],
  },
];
