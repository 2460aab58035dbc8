import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPosts } from './demo/read';
import type { PostDef } from './demo/types';
import { buildPost, type PostJson } from './post';
import { uuidFrom } from '@/lib/core/random';
import { authors, authorsJson, categoriesJson, categoryIdIn, MAIN_LANGUAGE, tagIdIn, tagsJson } from './taxonomy';
import { writeJson } from './write';

// Writes the demo blog into content/ (run: npx tsx scripts/content/demo.ts [dir]) from the posts written in
// Markdown in scripts/content/demo/posts/ (see scripts/content/demo/README.md).

/** The demo posts, read from their Markdown files. */
export const demoDefs = (): PostDef[] => readPosts();

const postId = (slug: string) => uuidFrom(`post:${slug}`);
const DAY = 86_400_000;

export function demoPosts(defs: PostDef[] = demoDefs()): PostJson[] {
  const bySlug = new Map<string, PostDef>();
  for (const def of defs) {
    if (bySlug.has(def.slug)) throw new Error(`duplicate slug ${def.slug}`);
    bySlug.set(def.slug, def);
  }
  const slugToId = (slug: string) => {
    if (!bySlug.has(slug)) throw new Error(`unknown slug ${slug}`);
    return postId(slug);
  };
  const translationsOf = (def: PostDef) => {
    const original = def.translationOf === undefined ? def : bySlug.get(def.translationOf);
    if (!original || original.translationOf)
      throw new Error(`${def.slug}: no original post ${def.translationOf} to translate`);
    const root = def.translationOf ?? def.slug;
    const family = defs.filter((other) => other.slug === root || other.translationOf === root);
    const languages = family.map((other) => other.language ?? 'en');
    if (new Set(languages).size < languages.length) throw new Error(`${root}: two versions in one language`);
    if (family.length < 2) return undefined;
    const others = family
      .filter((other) => other !== def)
      .map((other) => ({ id: postId(other.slug), language: other.language ?? 'en', slug: other.slug }));
    return { id: uuidFrom(`translation:${root}`), others };
  };

  return defs.map((def) =>
    buildPost({
      id: postId(def.slug),
      slug: def.slug,
      title: def.title,
      excerpt: def.excerpt,
      language: def.language,
      status: def.status,
      dates: {
        created: new Date(Date.parse(def.date) - 3 * DAY).toISOString(),
        published: def.neverPublished ? undefined : def.date,
        updated: def.updated,
      },
      featured: def.featured,
      pinned: def.pinned,
      // A translation's categories and tags are those of its language: the same keys, other ids.
      categoryIds: def.categories.map((key) => categoryIdIn(key, def.language ?? MAIN_LANGUAGE)),
      tagIds: def.tags.map((key) => tagIdIn(key, def.language ?? MAIN_LANGUAGE)),
      hashtags: def.hashtags,
      memberId: authors[def.author].id,
      commentingEnabled: def.commentingEnabled,
      relatedPostIds: def.related?.map(slugToId),
      translation: translationsOf(def),
      seo: def.seo,
      image: def.image,
      nodes: def.body,
      // Comments are counted as readers write them (lib/comments): the demo starts with none.
      metrics: { views: def.metrics[0], likes: def.metrics[1], comments: 0 },
    }),
  );
}

export async function writeDemo(dir: string): Promise<number> {
  const posts = demoPosts();
  const postsDir = path.join(dir, 'posts');
  await mkdir(postsDir, { recursive: true });
  const keep = new Set(posts.map((post) => `${post.id}.json`));
  for (const name of await readdir(postsDir))
    if (name.endsWith('.json') && !keep.has(name)) await rm(path.join(postsDir, name));
  await Promise.all(posts.map((post) => writeJson(path.join(postsDir, `${post.id}.json`), post)));
  await writeJson(path.join(dir, 'categories.json'), categoriesJson());
  await writeJson(path.join(dir, 'tags.json'), tagsJson());
  await writeJson(path.join(dir, 'authors.json'), authorsJson());
  return posts.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'content');
  const count = await writeDemo(dir);
  console.error(`wrote ${count} posts to ${dir}`);
}
