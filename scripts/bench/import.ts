import { mkdtemp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ContentFolder } from '@/lib/blog/tools';
import { applyBundle } from '../blog/transfer/apply';
import { emptyBundle, type Bundle } from '../blog/transfer/types';

// The import at a big blog's size (issue 48): 5,000 WordPress-shaped posts (HTML of about 600 words with headings,
// lists, a quote, code and an image each; 20 categories, 200 tags) written into an empty content folder, then the
// same export imported again, which must change nothing. Prints the time, the peak memory and the second run's counts.
// Run: npx tsx scripts/bench/import.ts [posts]

const POSTS = Number(process.argv[2] ?? 5000);
const words = (n: number, seed: number) =>
  Array.from(
    { length: n },
    (_, i) => ['alpha', 'beta', 'gamma', 'delta', 'render', 'cache', 'layout', 'paint'][(i * 7 + seed) % 8],
  ).join(' ');

function bundle(): Bundle {
  const b = emptyBundle('wordpress');
  b.siteUrl = 'https://old.example';
  for (let c = 0; c < 20; c++)
    b.categories.push({
      sourceId: `cat-${c}`,
      label: `Category ${c}`,
      slug: `cat-${c}`,
      oldPaths: [`/category/cat-${c}/`],
    });
  for (let t = 0; t < 200; t++)
    b.tags.push({ sourceId: `tag-${t}`, label: `Tag ${t}`, slug: `tag-${t}`, oldPaths: [`/tag/tag-${t}/`] });
  for (let i = 0; i < POSTS; i++) {
    const html = [
      `<p>${words(80, i)}</p>`,
      `<h2>Section ${i}</h2>`,
      `<p>${words(120, i + 1)} <a href="https://example.com/${i}">a link</a>.</p>`,
      `<ul><li>${words(10, i)}</li><li>${words(12, i + 2)}</li></ul>`,
      `<blockquote><p>${words(30, i + 3)}</p></blockquote>`,
      `<pre><code class="language-js">const n = ${i};</code></pre>`,
      `<figure><img src="https://old.example/wp-content/uploads/2020/01/${i}.jpg" alt="Picture ${i}"><figcaption>${words(8, i)}</figcaption></figure>`,
      `<p>${words(300, i + 4)}</p>`,
    ].join('\n');
    b.posts.push({
      sourceId: String(i + 1),
      kind: 'post',
      title: `Post number ${i + 1}`,
      slug: `post-number-${i + 1}`,
      body: { format: 'html', html },
      status: 'published',
      publishedDate: new Date(Date.UTC(2015, 0, 1) + i * 3_600_000).toISOString(),
      categoryIds: [`cat-${i % 20}`],
      tagIds: [`tag-${i % 200}`, `tag-${(i * 7) % 200}`],
      oldPaths: [`/2015/01/post-number-${i + 1}/`, `/?p=${i + 1}`],
    });
  }
  return b;
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
await mkdir(path.join(dir, 'posts'));
const folder = new ContentFolder(dir);
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
for (const run of ['first', 'second']) {
  const started = performance.now();
  const report = await applyBundle(bundle(), { folder, siteUrl: 'https://blog.example' });
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `${run} run: ${POSTS} posts in ${(ms / 1000).toFixed(1)} s; peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB; ` +
      `posts ${JSON.stringify(report.counts.post)}, redirects ${JSON.stringify(report.counts.redirect)}; ` +
      `text kept: mean ${(report.coverage.mean * 100).toFixed(2)}%`,
  );
}
clearInterval(sampler);
