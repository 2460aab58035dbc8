import { SingleBar } from 'cli-progress';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { makeMedia } from './content/make-images';
import { images } from './content/media';
import { synthPost } from './content/synth';
import { authorsJson, categoriesJson, tagsJson } from './content/taxonomy';
import { writeJson } from './content/write';
import { ContentStore, searchBody } from '../lib/blog/tools';

// npm run content:generate -- --posts N --out DIR [--seed S] [--concurrency K] [--force] [--quiet]
// Writes a content folder of any size; the same seed always writes the same bytes.

export const DEFAULT_SEED = 'render-path';
const MAX_POSTS = 1_000_000;
const DEMO_MEDIA = fileURLToPath(new URL('../content/media/', import.meta.url));

export interface GenerateOptions {
  posts: number;
  out: string;
  seed?: string;
  /** Files written at once. */
  concurrency?: number;
  /** Replace the posts of a folder that already has some. */
  force?: boolean;
  onProgress?: (written: number) => void;
}

export class UsageError extends Error {}

const USAGE = `usage: npm run content:generate -- --posts N --out DIR [--seed S] [--concurrency K] [--force] [--quiet]

  --posts N        number of posts, 1 to ${MAX_POSTS}
  --out DIR        content folder to write (posts/, categories.json, tags.json, authors.json, media/)
  --seed S         seed for every random choice (default "${DEFAULT_SEED}")
  --concurrency K  files written at once, 1 to 256 (default 32)
  --force          replace existing posts in DIR
  --quiet          no progress bar`;

const positiveInt = (name: string, raw: string | undefined, max: number, fallback?: number): number => {
  if (raw === undefined) {
    if (fallback !== undefined) return fallback;
    throw new UsageError(`--${name} is required`);
  }
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < 1 || value > max)
    throw new UsageError(`--${name} must be an integer from 1 to ${max}, got "${raw}"`);
  return value;
};

export function parseCli(argv: string[]): GenerateOptions & { quiet: boolean; help: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        posts: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string' },
        concurrency: { type: 'string' },
        force: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { posts: 0, out: '', quiet: true, help: true };
  if (!values.out?.trim()) throw new UsageError('--out is required');
  if (values.seed !== undefined && values.seed === '') throw new UsageError('--seed must not be empty');
  return {
    posts: positiveInt('posts', values.posts, MAX_POSTS),
    out: values.out,
    seed: values.seed ?? DEFAULT_SEED,
    concurrency: positiveInt('concurrency', values.concurrency, 256, 32),
    force: values.force,
    quiet: values.quiet,
    help: false,
  };
}

async function preparePostsDir(dir: string, force: boolean): Promise<void> {
  const existing = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw new UsageError(`cannot write to ${dir}: ${error.code ?? error.message}`);
  });
  if (existing.length > 0) {
    if (!force) throw new UsageError(`${dir} already holds ${existing.length} files; pass --force to replace them`);
    await rm(dir, { recursive: true });
  }
  await mkdir(dir, { recursive: true });
}

async function writeMedia(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const demoMediaPresent = await stat(DEMO_MEDIA).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!demoMediaPresent) return makeMedia(dir);
  for (const { file } of Object.values(images)) await copyFile(path.join(DEMO_MEDIA, file), path.join(dir, file));
}

/** Writes the folder; returns the number of posts written. */
export async function generateContent(options: GenerateOptions): Promise<number> {
  const { posts, out, seed = DEFAULT_SEED, concurrency = 32, force = false, onProgress } = options;
  const postsDir = path.join(out, 'posts');
  await preparePostsDir(postsDir, force);
  await writeJson(path.join(out, 'categories.json'), categoriesJson());
  await writeJson(path.join(out, 'tags.json'), tagsJson());
  await writeJson(path.join(out, 'authors.json'), authorsJson());
  await writeMedia(path.join(out, 'media'));

  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < posts) {
      const post = synthPost(seed, next++, posts);
      await writeJson(path.join(postsDir, `${post.id}.json`), post, false);
      onProgress?.(++written);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, posts) }, worker));
  await writeContentIndex(out);
  return written;
}

/** The indexes the local source keeps beside the content (`.index/`): the first start and search read no post file. */
export async function writeContentIndex(dir: string): Promise<void> {
  const store = new ContentStore(dir, { searchText: searchBody });
  await store.searchTexts();
  await store.flushed();
}

export async function main(argv: string[]): Promise<number> {
  let options;
  try {
    options = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`error: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const bar = options.quiet
    ? null
    : new SingleBar({
        stream: process.stderr,
        format: 'posts [{bar}] {percentage}% {value}/{total} eta {eta_formatted}',
        etaBuffer: 1000,
      });
  bar?.start(options.posts, 0);
  try {
    const count = await generateContent({ ...options, onProgress: (written) => bar?.update(written) });
    bar?.stop();
    console.error(`wrote ${count} posts to ${path.resolve(options.out)}`);
    return 0;
  } catch (error) {
    bar?.stop();
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
