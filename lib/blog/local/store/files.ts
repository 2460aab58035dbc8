import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { withRichContent } from '../../compressed';
import { Post } from '../../types';
import type { Stamp } from '../file-index';

// Reading the content files: a post file, a list file (categories, tags), and many post files at once.

const READ_CONCURRENCY = 64;

export async function readPost(file: string): Promise<Post | null> {
  try {
    const parsed = Post.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) return withRichContent(parsed.data);
    console.warn(JSON.stringify({ msg: 'skipping invalid post file', file, issues: parsed.error.issues.slice(0, 3) }));
  } catch (error) {
    console.warn(JSON.stringify({ msg: 'skipping unreadable post file', file, error: String(error) }));
  }
  return null;
}

export async function readList<T>(file: string, schema: z.ZodType<T>): Promise<T[]> {
  const raw = await readFile(file, 'utf8').catch(() => '[]');
  let items: unknown;
  try {
    items = JSON.parse(raw);
  } catch {
    console.warn(JSON.stringify({ msg: 'skipping unreadable list file', file }));
    return [];
  }
  return (Array.isArray(items) ? items : []).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Reads post files, READ_CONCURRENCY at a time, handing each parsed post (null if invalid) to `take`. */
export async function eachPost(
  postsDir: string,
  toRead: [string, Stamp][],
  take: (name: string, stamp: Stamp, post: Post | null) => void,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < toRead.length) {
      const [name, stamp] = toRead[next++]!;
      take(name, stamp, await readPost(path.join(postsDir, name)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, toRead.length) }, worker));
}
