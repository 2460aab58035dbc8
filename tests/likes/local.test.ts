import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER } from '@/lib/data/permissions';
import { createLocalSource } from '@/lib/blog/local';
import { createLocalLikes, type LikeAnnouncer, likeId, type Liker, postLikes } from '@/lib/likes';
import { isVisitorId } from '@/lib/likes/visitor';
import { makePost, writeContentDir } from '../helpers/posts';

// The local likes on the embedded database (in memory) and a content folder: one like per liker whatever races, the
// count derived (the post's `metrics.likes` from its platform, plus the likes stored), the post file never written,
// and one event per real change.

const client = createDataClient({ backend: createEmbeddedBackend(), collections: [] });
const dir = writeContentDir([makePost(1, { metrics: { views: 5, likes: 10, comments: 2 } }), makePost(2)]);
afterAll(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

const events: Array<[string, string, Liker]> = [];
const announce: LikeAnnouncer = async (change, postId, liker) => void events.push([change, postId, liker]);
const source = createLocalSource(dir);
const likes = createLocalLikes({
  client,
  baseline: async (postId) => (await source.getPostMetrics(postId))?.likes ?? 0,
  announce,
});
const POST = 'post-0001';
const fileLikes = () =>
  JSON.parse(readFileSync(path.join(dir, 'posts', `${POST}.json`), 'utf8')).metrics as Record<string, number>;

const visitor = (n: number): Extract<Liker, { kind: 'visitor' }> => ({
  kind: 'visitor',
  visitor: `visitor-${n}`.padEnd(43, 'x'),
});
const member: Liker = { kind: 'member', memberId: 'member-1', sessionToken: 'session' };

// The first open of the in-memory database takes seconds on a busy machine.
beforeAll(() => client.count(postLikes.id, {}, OWNER), 60_000);

// Each test starts with no stored like; the post file holds 10 throughout.
beforeEach(async () => {
  await client.truncate(postLikes.id, OWNER);
  events.length = 0;
});

describe('local likes', () => {
  it('likes once, counts the platform’s likes plus the stored ones, never writes the post file, and unlikes', async () => {
    expect(await likes.state(POST, member)).toEqual({ total: 10, liked: false });
    expect(await likes.like(POST, member)).toEqual({ total: 11, liked: true });
    expect(await likes.like(POST, member)).toEqual({ total: 11, liked: true });
    expect(await likes.state(POST, member)).toEqual({ total: 11, liked: true });
    expect(await likes.state(POST, visitor(1))).toEqual({ total: 11, liked: false });
    expect(await likes.state(POST, null)).toEqual({ total: 11, liked: false });
    // The post file is the platform's: no site write moves it.
    expect(fileLikes()).toEqual({ views: 5, likes: 10, comments: 2 });
    expect(events.map(([change]) => change)).toEqual(['liked']);

    expect(await likes.unlike(POST, member)).toEqual({ total: 10, liked: false });
    expect(await likes.unlike(POST, member)).toEqual({ total: 10, liked: false });
    expect(events.map(([change]) => change)).toEqual(['liked', 'unliked']);
  });

  it('keeps one like per liker under 20 concurrent likes, and counts 20 likers once each', async () => {
    const same = await Promise.all(Array.from({ length: 20 }, () => likes.like(POST, visitor(1))));
    expect(same.every((s) => s.liked)).toBe(true);
    expect(await client.count(postLikes.id, {}, OWNER)).toBe(1);
    expect((await likes.state(POST, null)).total).toBe(11);
    expect(events).toHaveLength(1);

    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => likes.like(POST, visitor(100 + i))));
    expect(await client.count(postLikes.id, {}, OWNER)).toBe(21);
    expect((await likes.state(POST, null)).total).toBe(31);
    // The last answer of the 20 saw all of them or fewer; none saw more.
    expect(Math.max(...many.map((s) => s.total))).toBeLessThanOrEqual(31);

    // Concurrent unlikes of one like remove it once.
    await Promise.all(Array.from({ length: 20 }, () => likes.unlike(POST, visitor(1))));
    expect((await likes.state(POST, null)).total).toBe(30);
    expect(events.filter(([change]) => change === 'unliked')).toHaveLength(1);
    await Promise.all(Array.from({ length: 20 }, (_, i) => likes.unlike(POST, visitor(100 + i))));
    expect((await likes.state(POST, null)).total).toBe(10);
    expect(fileLikes().likes).toBe(10);
  });

  it('stores one item per (post, liker) under a deterministic id, and a member and a visitor apart', async () => {
    await likes.like(POST, member);
    await likes.like(POST, visitor(1));
    await likes.like('post-0002', member);
    const items = (await client.query(postLikes.id, { limit: 10 }, OWNER)).items;
    expect(items.map((i) => i._id).sort()).toEqual(
      [
        likeId(POST, 'member:member-1'),
        likeId(POST, `visitor:${visitor(1).visitor}`),
        likeId('post-0002', 'member:member-1'),
      ].sort(),
    );
    await likes.unlike('post-0002', member);
    await likes.unlike(POST, member);
  });

  it('counts a post the platform does not have from the stored likes alone', async () => {
    expect(await likes.state('no-such-post', null)).toEqual({ total: 0, liked: false });
    expect(await likes.like('no-such-post', member)).toEqual({ total: 1, liked: true });
    await likes.unlike('no-such-post', member);
  });

  it('makes visitor ids of 32 random bytes, never the same twice', async () => {
    const ids = await Promise.all(Array.from({ length: 100 }, () => likes.newVisitor()));
    expect(new Set(ids).size).toBe(100);
    expect(ids.every(isVisitorId)).toBe(true);
    expect(likes.isVisitor('short')).toBe(false);
  });
});
