import { performance } from 'node:perf_hooks';
import { createLocalSource } from '@/lib/blog/tools';
import { ensureCorpus } from './support/corpus';

// The local source at scale: cold load, a warm call's cost, and memory, on a generated content folder.

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const ROUNDS = 20;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function time(label: string, run: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(
    `  ${label.padEnd(44)} median ${median.toFixed(2).padStart(8)} ms   max ${samples.at(-1)!.toFixed(2).padStart(8)} ms`,
  );
  return median;
}

export async function benchQueryEngine(posts = POSTS) {
  const dir = await ensureCorpus(posts);
  console.log(`\nlocal source over ${posts} posts (${dir})`);
  const heapBefore = process.memoryUsage().heapUsed;
  const source = createLocalSource(dir);
  const coldStart = performance.now();
  const total = await source.getTotalPosts();
  console.log(
    `  cold load of ${total} published posts: ${(performance.now() - coldStart).toFixed(0)} ms, heap +${mib(process.memoryUsage().heapUsed - heapBefore)}`,
  );

  const some = (await source.listPosts({ paging: { limit: 1, offset: Math.floor(total / 2) } })).items[0]!;
  const snapshotCheck = await time('getPostBySlug (warm: 3 stats + scan)', () => source.getPostBySlug(some.slug));
  await time('listPosts FEED, page 50 of 12', () =>
    source.listPosts({ sort: 'FEED', paging: { offset: 600, limit: 12 } }),
  );
  await time('listPosts by category, VIEW_COUNT', () =>
    source.listPosts({ categoryIds: some.categoryIds, sort: 'VIEW_COUNT', paging: { limit: 50 } }),
  );
  const query = await time('queryPosts nested $and/$or, limit 100', () =>
    source.queryPosts({
      filter: {
        $or: [
          { 'metrics.views': { $gte: 5000 } },
          { $and: [{ featured: true }, { hashtags: { $hasSome: ['webperf', 'css'] } }] },
        ],
      },
      sort: [{ fieldName: 'metrics.likes', order: 'DESC' }],
      cursorPaging: { limit: 100 },
    }),
  );
  let cursor: string | null | undefined;
  const first = await source.queryPosts({ cursorPaging: { limit: 100 } });
  cursor = first.cursors.next;
  await time('queryPosts next page via cursor', async () => {
    const page = await source.queryPosts({ cursorPaging: { cursor } });
    cursor = page.cursors.next ?? first.cursors.next;
  });
  await time('post-count stats, Europe/Paris', () => source.queryPostCountStats({ timeZone: 'Europe/Paris' }));
  await time('search "cache"', () => source.searchPosts('cache'));
  console.log(`  query / slug lookup ratio: ${(query / snapshotCheck).toFixed(1)}x`);
  console.log(`  rss after bench: ${mib(process.memoryUsage().rss)}`);
}
