import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errors } from '@/lib/errors';
import { writeJsonAtomic } from '@/lib/files/atomic';
import { isRecord } from '@/lib/json';
import type { LikeCounter } from './local';

// The local platform's like count: `metrics.likes` in the post's file (`<content>/posts/<id>.json`), the field the
// local source serves as the post's metrics and the blog CLI's `like` command moves. Edits are one at a time per
// process (a queue), each a read, a change of that one field, and a write-then-rename, so a reader sees the old file or
// the new one and twenty likes at once count twenty.

const POST_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function contentLikeCounter(contentDir: string): LikeCounter {
  const postsDir = path.resolve(/*turbopackIgnore: true*/ contentDir, 'posts');
  let queue: Promise<unknown> = Promise.resolve();

  const fileOf = (postId: string) => {
    if (!POST_ID.test(postId)) throw errors.notFound(`post ${JSON.stringify(postId.slice(0, 80))} does not exist`);
    return path.join(postsDir, `${postId}.json`);
  };

  async function read(postId: string): Promise<Record<string, unknown>> {
    const text = await readFile(fileOf(postId), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw errors.notFound(`post ${postId} does not exist`);
      throw error;
    });
    const post: unknown = JSON.parse(text);
    if (!isRecord(post)) throw errors.internal(`post file of ${postId} is not an object`);
    return post;
  }

  const likesOf = (post: Record<string, unknown>) => {
    const likes = isRecord(post.metrics) ? Number(post.metrics.likes) : 0;
    return Number.isFinite(likes) && likes > 0 ? Math.floor(likes) : 0;
  };

  return {
    total: async (postId) => likesOf(await read(postId)),
    add(postId, delta) {
      const run = queue.then(async () => {
        const post = await read(postId);
        const likes = Math.max(0, likesOf(post) + delta);
        const metrics = { views: 0, comments: 0, ...(isRecord(post.metrics) ? post.metrics : {}), likes };
        await writeJsonAtomic(fileOf(postId), { ...post, metrics });
        return likes;
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}
