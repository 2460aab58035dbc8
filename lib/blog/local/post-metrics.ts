import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errors } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import { writeJsonAtomic } from '../../core/files/atomic';

// The local platform's post metrics: `metrics.likes` and `metrics.comments` in the post's file
// (`<content>/posts/<id>.json`), the fields the local source serves as the post's metrics and the blog CLI's `like`
// command moves. Edits are one at a time per content folder and process (one queue, shared by likes and comments,
// which write the same file), each a read, a change of one field, and a write-then-rename, so a reader sees the old
// file or the new one and twenty likes at once count twenty.

export type PostMetric = 'likes' | 'comments';

export interface MetricCounter {
  /** The post's current count. */
  total(postId: string): Promise<number>;
  /** Moves the count by `delta` (never below 0) and answers the new one. */
  add(postId: string, delta: number): Promise<number>;
}

const POST_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const queues = new Map<string, Promise<unknown>>();

export function postMetricCounter(contentDir: string, metric: PostMetric): MetricCounter {
  const postsDir = path.resolve(/*turbopackIgnore: true*/ contentDir, 'posts');

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

  const countOf = (post: Record<string, unknown>) => {
    const count = isRecord(post.metrics) ? Number(post.metrics[metric]) : 0;
    return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  };

  return {
    total: async (postId) => countOf(await read(postId)),
    add(postId, delta) {
      const run = (queues.get(postsDir) ?? Promise.resolve()).then(async () => {
        const post = await read(postId);
        const count = Math.max(0, countOf(post) + delta);
        const metrics = { views: 0, likes: 0, comments: 0, ...(isRecord(post.metrics) ? post.metrics : {}) };
        await writeJsonAtomic(fileOf(postId), { ...post, metrics: { ...metrics, [metric]: count } });
        return count;
      });
      queues.set(
        postsDir,
        run.catch(() => {}),
      );
      return run;
    },
  };
}
