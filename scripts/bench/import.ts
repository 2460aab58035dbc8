import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ContentFolder } from '@/lib/blog/tools';
import { applyBundle } from '@/lib/transfer/tools';
import { emptyBundle, type Bundle } from '@/lib/transfer/tools';
import { fmtInt, row, type Row } from './support/table';

// The import at a big blog's size (issue 48): 5,000 WordPress-shaped posts (HTML of about 600 words with headings,
// lists, a quote, code and an image each; 20 categories, 200 tags) written into an empty content folder, then the
// same export imported again, which must change nothing: figure 16 of `npm run bench` (`--only import`), or on its own
// `npx tsx scripts/bench/import.ts [posts]`.

const words = (n: number, seed: number) =>
  Array.from(
    { length: n },
    (_, i) => ['alpha', 'beta', 'gamma', 'delta', 'render', 'cache', 'layout', 'paint'][(i * 7 + seed) % 8],
  ).join(' ');

function bundle(posts: number): Bundle {
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
  for (let i = 0; i < posts; i++) {
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

export interface ImportRun {
  ms: number;
  peakRss: number;
  counts: Record<string, Record<string, number>>;
}

/** Imports `count` posts into an empty folder twice; the runs' times, peak memory and counts. */
export async function importTwice(count: number): Promise<ImportRun[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
  await mkdir(path.join(dir, 'posts'));
  const folder = new ContentFolder(dir);
  const runs: ImportRun[] = [];
  try {
    for (let run = 0; run < 2; run++) {
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
      const started = performance.now();
      const report = await applyBundle(bundle(count), { folder, siteUrl: 'https://blog.example' });
      const ms = performance.now() - started;
      clearInterval(sampler);
      runs.push({ ms, peakRss: Math.max(peak, process.memoryUsage().rss), counts: report.counts });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return runs;
}

const changed = (run: ImportRun) =>
  Object.values(run.counts).reduce((n, c) => n + (c.created ?? 0) + (c.updated ?? 0), 0);

/** Figure 16: the import of `count` posts, and a second run that must change nothing. */
export async function benchImport(count: number, log: (line: string) => void = console.log): Promise<Row[]> {
  const [first, second] = await importTwice(count);
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const line = (run: ImportRun) => `${(run.ms / 1000).toFixed(1)} s, peak RSS ${mib(run.peakRss)}`;
  log(`import: first ${line(first!)}; second ${line(second!)}, ${changed(second!)} changes`);
  return [
    row('16', `import of ${fmtInt(count)} posts`, 'time and peak memory reported', line(first!), null),
    row(
      '16',
      'the same import again',
      'changes nothing',
      `${changed(second!)} changes; ${line(second!)}`,
      changed(second!) === 0,
    ),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const POSTS = Number(process.argv[2] ?? 5000);
  for (const [n, run] of (await importTwice(POSTS)).entries()) {
    console.log(
      `${n ? 'second' : 'first'} run: ${POSTS} posts in ${(run.ms / 1000).toFixed(1)} s; peak RSS ` +
        `${(run.peakRss / 2 ** 20).toFixed(0)} MiB; posts ${JSON.stringify(run.counts.post)}, redirects ` +
        `${JSON.stringify(run.counts.redirect)}`,
    );
  }
}
