import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateContent, writeContentIndex } from '../../generate-content';

// Generated content folders (npm run content:generate), kept in the temp folder between runs: the same seed
// always writes the same bytes, so a folder is reused once it was written completely.

export const corpusDir = (posts: number) => path.join(tmpdir(), `blog-bench-${posts}`);

export async function ensureCorpus(posts: number, log: (line: string) => void = console.log): Promise<string> {
  const dir = corpusDir(posts);
  const done = path.join(dir, '.bench-complete');
  if (existsSync(done)) {
    // A corpus generated before the source kept an index: write it once, as the generator now does.
    if (!existsSync(path.join(dir, '.index', 'search.json'))) {
      log(`  indexing ${dir} ...`);
      await writeContentIndex(dir);
    }
    return dir;
  }
  log(`  generating ${posts.toLocaleString('en-US')} posts into ${dir} ...`);
  const began = performance.now();
  await rm(dir, { recursive: true, force: true });
  await generateContent({ posts, out: dir, force: true });
  await writeFile(done, `${posts}\n`);
  log(`  generated in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return dir;
}
