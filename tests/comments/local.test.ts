import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CommentAnnouncer, type MemberWriter, createLocalComments, postComments } from '@/lib/comments';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { OWNER } from '@/lib/data/permissions';
import { publishedCount } from '@/lib/comments/local';
import { tagsForEvent } from '@/lib/core/cache/event-tags';
import { makePost, writeContentDir } from '../helpers/posts';

// The local comments on the embedded database (in memory) and a content folder: threads one level deep, newest first
// and paged by cursor; a writer's own comments whatever their status; only the writer edits or deletes; the post
// count is derived from the published ones (a count query; the post file is never written); and every change is
// announced as the event Wix would send.

const client = createDataClient({ backend: createEmbeddedBackend(), collections: [] });
const dir = writeContentDir([makePost(1, { metrics: { views: 5, likes: 3, comments: 0 } }), makePost(2)]);
afterAll(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

const events: string[] = [];
const announce: CommentAnnouncer = async (change, comment) => void events.push(`${change}:${comment.id}`);
const comments = createLocalComments({ client, announce });
const POST = 'post-0001';
/** The post's derived count, after checking that no write moved the post file's (the platform's) count. */
const count = async () => {
  const file = JSON.parse(readFileSync(path.join(dir, 'posts', `${POST}.json`), 'utf8')).metrics;
  expect(file.comments).toBe(0);
  return publishedCount(client, POST);
};

const ada: MemberWriter = { kind: 'member', memberId: 'member-ada', name: 'Ada', sessionToken: 's1' };
const bob: MemberWriter = { kind: 'member', memberId: 'member-bob', name: 'Bob', sessionToken: 's2' };

beforeAll(() => client.count(postComments.id, {}, OWNER), 60_000);
beforeEach(async () => {
  // Each test starts from no comments and a count of 0.
  for (const { id } of (await comments.queue('PUBLISHED', { limit: 1000 })).comments) await comments.discard(id);
  await client.truncate(postComments.id, OWNER);
  events.length = 0;
});

describe('local comments', () => {
  it('writes a comment, counts it in the post file and lists it', async () => {
    const c = await comments.create({ postId: POST, text: 'First!' }, ada, 'PUBLISHED');
    expect(c).toMatchObject({ postId: POST, parentId: null, author: { memberId: 'member-ada', name: 'Ada' } });
    expect(c).toMatchObject({ text: 'First!', status: 'PUBLISHED', edited: false });
    expect(await count()).toBe(1);
    const page = await comments.list(POST, { limit: 20 });
    expect(page.threads.map((t) => t.comment.id)).toEqual([c.id]);
    expect(page.cursor).toBeNull();
    expect(events).toEqual([`created:${c.id}`]);
    // Another post's thread is its own.
    expect((await comments.list('post-0002', { limit: 20 })).threads).toEqual([]);
  });

  it('keeps a pending comment out of the thread and the count until approved', async () => {
    const c = await comments.create({ postId: POST, text: 'Hold me' }, ada, 'PENDING');
    expect(await count()).toBe(0);
    expect((await comments.list(POST, { limit: 20 })).threads).toEqual([]);
    expect((await comments.mine(POST, ada)).map((m) => [m.id, m.status])).toEqual([[c.id, 'PENDING']]);
    expect(await comments.mine(POST, bob)).toEqual([]);
    expect((await comments.queue('PENDING', { limit: 10 })).comments.map((m) => m.id)).toEqual([c.id]);

    expect(await comments.approve(c.id)).toMatchObject({ status: 'PUBLISHED' });
    expect(await count()).toBe(1);
    expect((await comments.list(POST, { limit: 20 })).threads).toHaveLength(1);
    // Hidden: gone from the thread and the count; its writer still sees it.
    expect(await comments.hide(c.id)).toMatchObject({ status: 'HIDDEN' });
    expect(await count()).toBe(0);
    expect((await comments.list(POST, { limit: 20 })).threads).toEqual([]);
    expect((await comments.mine(POST, ada))[0]).toMatchObject({ status: 'HIDDEN' });
    expect(await comments.approve('no-such-comment')).toBeNull();
    expect(events).toEqual([`created:${c.id}`, `updated:${c.id}`, `updated:${c.id}`]);
  });

  it('threads replies one level deep, oldest reply first', async () => {
    const top = await comments.create({ postId: POST, text: 'Top' }, ada, 'PUBLISHED');
    const r1 = await comments.create({ postId: POST, parentId: top.id, text: 'Reply 1' }, bob, 'PUBLISHED');
    // A reply to a reply joins the thread of its top-level comment.
    const r2 = await comments.create({ postId: POST, parentId: r1.id, text: 'Reply 2' }, ada, 'PUBLISHED');
    expect(r2.parentId).toBe(top.id);
    const pending = await comments.create({ postId: POST, parentId: top.id, text: 'Held' }, bob, 'PENDING');
    const [thread] = (await comments.list(POST, { limit: 20 })).threads;
    expect(thread!.comment.id).toBe(top.id);
    expect(thread!.replies.map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect(await count()).toBe(3);

    // Replying to an unknown comment, or to one on another post, finds nothing.
    await expect(
      comments.create({ postId: POST, parentId: 'nope', text: 'x' }, ada, 'PUBLISHED'),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      comments.create({ postId: 'post-0002', parentId: top.id, text: 'x' }, ada, 'PUBLISHED'),
    ).rejects.toMatchObject({ status: 404 });
    // Nor to someone else's pending comment (only its writer knows it).
    await expect(
      comments.create({ postId: POST, parentId: pending.id, text: 'x' }, ada, 'PUBLISHED'),
    ).rejects.toMatchObject({ status: 404 });

    // Deleting the top-level comment takes its replies, and the count drops by the published ones.
    await comments.remove(top.id, ada);
    expect(await count()).toBe(0);
    expect(await comments.mine(POST, bob)).toEqual([]);
  });

  it('lets only the writer edit or delete, and changes nothing for anyone else', async () => {
    const c = await comments.create({ postId: POST, text: 'Mine' }, ada, 'PUBLISHED');
    await expect(comments.edit(c.id, 'Hijacked', bob, 'PUBLISHED')).rejects.toMatchObject({
      status: 403,
      wde: 'WDE0027',
    });
    await expect(comments.remove(c.id, bob)).rejects.toMatchObject({ status: 403, wde: 'WDE0027' });
    await expect(comments.edit('missing', 'x', ada, 'PUBLISHED')).rejects.toMatchObject({ status: 404 });
    await expect(comments.remove('missing', ada)).rejects.toMatchObject({ status: 404 });
    expect((await comments.mine(POST, ada))[0]).toMatchObject({ text: 'Mine', edited: false });
    expect(await count()).toBe(1);

    expect(await comments.edit(c.id, 'Mine, better', ada, 'PUBLISHED')).toMatchObject({
      text: 'Mine, better',
      edited: true,
    });
    expect(await count()).toBe(1);
    await comments.remove(c.id, ada);
    expect(await count()).toBe(0);
    expect(events).toEqual([`created:${c.id}`, `updated:${c.id}`, `deleted:${c.id}`]);
  });

  it('pages 100 comments newest first, 20 threads a page, each once', async () => {
    const written: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      written.push((await comments.create({ postId: POST, text: `Comment ${i}` }, i % 2 ? ada : bob, 'PUBLISHED')).id);
    }
    const seen: { id: string; createdDate: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await comments.list(POST, { limit: 20, cursor });
      seen.push(...page.threads.map((t) => t.comment));
      cursor = page.cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    // Every comment once; newest first (two written in the same millisecond may come in either order).
    expect(seen.map((c) => c.id).sort()).toEqual([...written].sort());
    const dates = seen.map((c) => c.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await count()).toBe(100);
  });
});

describe('comment events', () => {
  it('clear the post’s thread and count, as the Comments API’s event does', () => {
    expect(tagsForEvent('wix.comments.v2.comment_created', { entityId: 'c-1', resourceId: POST })).toEqual([
      `comments:${POST}`,
      `metrics:${POST}`,
    ]);
    // A deletion that does not carry its comment clears every thread.
    expect(tagsForEvent('wix.comments.v2.comment_deleted', { entityId: 'c-1' })).toEqual(['comments']);
  });
});
