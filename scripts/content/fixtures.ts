import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoPosts } from './demo';
import { hostilePosts } from './fixtures/hostile';
import { synthLongPost } from './long';
import type { PostJson } from './post';
import { writeJson } from './write';

// Writes the posts that tests add to a copy of content/ (run: npx tsx scripts/content/fixtures.ts [dir]).
// They use the demo's authors, categories, tags and media, so copying posts/ over a copy of content/ is enough.

export const FIXTURE_DIR = fileURLToPath(new URL('../../tests/fixtures/content', import.meta.url));

/**
 * A long read (issue 33): hydration and client navigation are tested on it. Older than every demo post, like every
 * fixture (off the listings' first pages and the screenshots), and newer than the hostile one, so that its next post
 * is an ordinary one (the browser test navigates there and back).
 */
export const LONG_FIXTURE = { words: 3_000, slug: 'long-read-3000-words' } as const;

export const fixturePosts = (): PostJson[] => [
  ...demoPosts(hostilePosts),
  synthLongPost(LONG_FIXTURE.words, {
    seed: 'fixture',
    published: '2025-05-17T09:00:00.000Z',
    category: 'field-notes',
    tag: 'testing',
    // Maya's and Priya's pages are tested to fit one page; Tomás's already has a second.
    author: 'tomas',
  }),
];

export async function writeFixtures(dir: string): Promise<number> {
  const posts = fixturePosts();
  const postsDir = path.join(dir, 'posts');
  await mkdir(postsDir, { recursive: true });
  const keep = new Set(posts.map((post) => `${post.id}.json`));
  for (const name of await readdir(postsDir))
    if (name.endsWith('.json') && !keep.has(name)) await rm(path.join(postsDir, name));
  await Promise.all(posts.map((post) => writeJson(path.join(postsDir, `${post.id}.json`), post)));
  return posts.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? FIXTURE_DIR);
  const count = await writeFixtures(dir);
  console.error(`wrote ${count} fixture posts to ${dir}`);
}
