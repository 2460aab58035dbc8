import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postMetricCounter } from '@/lib/blog/local/post-metrics';
import { makePost, writeContentDir } from '../helpers/posts';

// The local platform's post metrics: likes and comments are two fields of one post file. Their counters queue their
// edits together, so a like and a comment written at the same moment both count (each edit rewrites the whole file).

const dir = writeContentDir([makePost(1, { metrics: { views: 7, likes: 1, comments: 2 } })]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const metrics = () =>
  JSON.parse(readFileSync(path.join(dir, 'posts', 'post-0001.json'), 'utf8')).metrics as Record<string, number>;

describe('post metric counters', () => {
  it('count likes and comments written at once, each exactly', async () => {
    const likes = postMetricCounter(dir, 'likes');
    const comments = postMetricCounter(dir, 'comments');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? likes.add('post-0001', 1) : comments.add('post-0001', 1))),
    );
    expect(metrics()).toEqual({ views: 7, likes: 11, comments: 12 });
    expect([await likes.total('post-0001'), await comments.total('post-0001')]).toEqual([11, 12]);
  });

  it('never counts below zero, and refuses a path that names no post', async () => {
    const comments = postMetricCounter(dir, 'comments');
    expect(await comments.add('post-0001', -100)).toBe(0);
    await expect(comments.add('../secrets', 1)).rejects.toMatchObject({ status: 404 });
    await expect(comments.total('post-9999')).rejects.toMatchObject({ status: 404 });
  });
});
