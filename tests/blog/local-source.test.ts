import { renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogueError } from '@/lib/core/errors';
import { createLocalSource } from '@/lib/blog/local';
import { makePost, makePosts, writeContentDir } from '../helpers/posts';

const posts = makePosts(40);
const draft = makePost(99, { status: 'UNPUBLISHED', slug: 'secret-draft' });
const dir = writeContentDir([...posts, draft]);
const source = createLocalSource(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rejection(promise: Promise<unknown>): Promise<CatalogueError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CatalogueError);
  return error as CatalogueError;
}

describe('local source: gets', () => {
  it('finds a post by id and by slug, without optional parts unless asked', async () => {
    const post = await source.getPost('post-0003');
    expect(post?.slug).toBe('post-3');
    expect(post).not.toHaveProperty('richContent');
    expect(post).not.toHaveProperty('metrics');
    const full = await source.getPostBySlug('post-3', {
      fieldsets: ['RICH_CONTENT', 'METRICS', 'SEO', 'URL', 'CONTENT_TEXT'],
    });
    expect(full?.richContent?.nodes).toHaveLength(1);
    expect(full?.metrics?.views).toBe(posts[3]!.metrics!.views);
    expect(full?.url?.path).toBe('/post/post-3');
    expect(full?.contentText).toBe('Body of post 3');
  });

  it('returns null for unknown ids and slugs, and hides drafts', async () => {
    expect(await source.getPost('nope')).toBeNull();
    expect(await source.getPostBySlug('nope')).toBeNull();
    expect(await source.getPostBySlug('secret-draft')).toBeNull();
    expect(await source.getPost(draft.id)).toBeNull();
  });

  it('respects language on slug lookups', async () => {
    expect(await source.getPostBySlug('post-9', { language: 'es' })).not.toBeNull();
    expect(await source.getPostBySlug('post-9', { language: 'en' })).toBeNull();
  });
});

describe('local source: listPosts', () => {
  it('pages by offset with the total of every match', async () => {
    const page = await source.listPosts({ paging: { offset: 5, limit: 5 } });
    expect(page.items).toHaveLength(5);
    expect(page.total).toBe(40);
    expect(page.offset).toBe(5);
  });

  it('puts pinned posts first in the feed, then the newest', async () => {
    const page = await source.listPosts({ paging: { limit: 3 } });
    expect(page.items.map((p) => p.id)).toEqual(['post-0007', 'post-0039', 'post-0038']);
  });

  it('filters by featured, hashtags, categories, tags, member and language', async () => {
    const all = async (options: Parameters<typeof source.listPosts>[0]) =>
      (await source.listPosts({ ...options, paging: { limit: 100 } })).items.map((p) => p.id).sort();
    const expected = (test: (p: (typeof posts)[number]) => boolean) =>
      posts
        .filter(test)
        .map((p) => p.id)
        .sort();
    expect(await all({ featured: true })).toEqual(expected((p) => p.featured));
    expect(await all({ hashtags: ['three'] })).toEqual(expected((p) => p.hashtags.includes('three')));
    expect(await all({ hashtags: ['THREE'] })).toEqual(await all({ hashtags: ['three'] }));
    expect(await all({ categoryIds: ['cat-1', 'cat-2'] })).toEqual(
      expected((p) => ['cat-1', 'cat-2'].includes(p.categoryIds[0]!)),
    );
    expect(await all({ tagIds: ['tag-3'] })).toEqual(expected((p) => p.tagIds.includes('tag-3')));
    expect(await all({ memberId: 'member-a' })).toEqual(expected((p) => p.memberId === 'member-a'));
    expect(await all({ language: 'es' })).toEqual(expected((p) => p.language === 'es'));
  });

  it.each([
    ['VIEW_COUNT', (p: (typeof posts)[number]) => -p.metrics!.views],
    ['LIKE_COUNT', (p: (typeof posts)[number]) => -p.metrics!.likes],
    ['PUBLISHED_DATE_ASC', (p: (typeof posts)[number]) => Date.parse(p.firstPublishedDate!)],
  ] as const)('sorts by %s', async (sort, key) => {
    const items = (await source.listPosts({ sort, paging: { limit: 100 }, fieldsets: ['METRICS'] })).items;
    const keys = items.map(key);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });

  it('sorts titles the way people read numbers', async () => {
    const titles = (await source.listPosts({ sort: 'TITLE_ASC', paging: { limit: 3 } })).items.map((p) => p.title);
    expect(titles).toEqual(['Post number 0', 'Post number 1', 'Post number 2']);
  });

  it('rejects bad paging with the catalogue codes', async () => {
    expect((await rejection(source.listPosts({ paging: { limit: 101 } }))).wde).toBe('WDE0035');
    expect((await rejection(source.listPosts({ paging: { limit: 0 } }))).wde).toBe('WDE0035');
    expect((await rejection(source.listPosts({ paging: { limit: 2.5 } }))).wde).toBe('WDE0033');
    expect((await rejection(source.listPosts({ paging: { offset: -1 } }))).wde).toBe('WDE0036');
    expect((await rejection(source.listPosts({ paging: { offset: 2 ** 53 } }))).wde).toBe('WDE0037');
  });
});

describe('local source: cursor queries', () => {
  it('walks every cursor once, in sort order, and back again', async () => {
    const sort = [{ fieldName: 'metrics.views' as const, order: 'DESC' as const }];
    const seen: string[] = [];
    let page = await source.queryPosts({ sort, cursorPaging: { limit: 7 } });
    const pages = [page];
    seen.push(...page.items.map((p) => p.id));
    while (page.cursors.next) {
      page = await source.queryPosts({ cursorPaging: { cursor: page.cursors.next } });
      pages.push(page);
      seen.push(...page.items.map((p) => p.id));
    }
    const expected = [...posts]
      .sort((a, b) => b.metrics!.views - a.metrics!.views || a.id.localeCompare(b.id))
      .map((p) => p.id);
    expect(seen).toEqual(expected);
    expect(pages).toHaveLength(6);
    expect(page.hasNext).toBe(false);
    expect(pages[0]!.cursors.prev).toBeNull();

    const back = await source.queryPosts({ cursorPaging: { cursor: pages[2]!.cursors.prev } });
    expect(back.items.map((p) => p.id)).toEqual(pages[1]!.items.map((p) => p.id));
  });

  it('keeps the filter across pages', async () => {
    const first = await source.queryPosts({ filter: { memberId: 'member-a' }, cursorPaging: { limit: 4 } });
    const second = await source.queryPosts({ cursorPaging: { cursor: first.cursors.next } });
    expect([...first.items, ...second.items].every((p) => p.memberId === 'member-a')).toBe(true);
    expect(second.items).toHaveLength(4);
  });

  it('rejects a tampered or foreign cursor with WDE0165', async () => {
    const first = await source.queryPosts({ cursorPaging: { limit: 5 } });
    const cursor = first.cursors.next!;
    const [body, signature] = cursor.split('.');
    const forged = Buffer.from(
      Buffer.from(body!, 'base64url')
        .toString()
        .replace(/"next"|,1\]$/, ',0]'),
    ).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${body}.${signature!.slice(1)}x`, 'garbage', `${cursor}.extra`]) {
      expect((await rejection(source.queryPosts({ cursorPaging: { cursor: bad } }))).wde).toBe('WDE0165');
    }
  });

  it('sees an in-place edit once refreshed (the webhook refreshes before clearing tags)', async () => {
    const localDir = writeContentDir(makePosts(3));
    const local = createLocalSource(localDir);
    expect((await local.getPost('post-0001'))?.title).toBe('Post number 1');
    const file = path.join(localDir, 'posts', 'post-0001.json');
    writeFileSync(file, JSON.stringify(makePost(1, { title: 'Edited in place, a longer title' })));
    local.refresh();
    expect((await local.getPost('post-0001'))?.title).toBe('Edited in place, a longer title');
    rmSync(localDir, { recursive: true, force: true });
  });

  it('an event naming a post reads that post again, not the whole folder', async () => {
    const localDir = writeContentDir(makePosts(3));
    const local = createLocalSource(localDir);
    await local.getPost('post-0001');
    const file = (n: number) => path.join(localDir, 'posts', `post-000${n}.json`);
    writeFileSync(file(1), JSON.stringify(makePost(1, { title: 'First, edited in place' })));
    writeFileSync(file(2), JSON.stringify(makePost(2, { title: 'Second, edited, no event' })));
    local.refresh({ postId: 'post-0001' });
    expect((await local.getPost('post-0001'))?.title).toBe('First, edited in place');
    // Nothing named the second post and the folder did not change: its file is not looked at.
    expect((await local.getPost('post-0002'))?.title).toBe('Post number 2');
    local.refresh();
    expect((await local.getPost('post-0002'))?.title).toBe('Second, edited, no event');
    rmSync(localDir, { recursive: true, force: true });
  });

  it('reads a named post again even when its mtime and size are unchanged', async () => {
    const localDir = writeContentDir(makePosts(2));
    const local = createLocalSource(localDir);
    await local.getPost('post-0001');
    const file = path.join(localDir, 'posts', 'post-0001.json');
    const before = statSync(file);
    writeFileSync(file, JSON.stringify(makePost(1, { title: 'Post number X' })));
    utimesSync(file, before.atime, before.mtime);
    expect(statSync(file).size).toBe(before.size);
    local.refresh({ postId: 'post-0001' });
    expect((await local.getPost('post-0001'))?.title).toBe('Post number X');
    rmSync(localDir, { recursive: true, force: true });
  });

  it('an event about a created, renamed-in or deleted post sees the folder change', async () => {
    const localDir = writeContentDir(makePosts(3));
    const local = createLocalSource(localDir);
    await local.listPosts();
    const created = makePost(7, { title: 'Created by an editor' });
    const tmp = path.join(localDir, 'posts', '.tmp');
    writeFileSync(tmp, JSON.stringify(created));
    renameSync(tmp, path.join(localDir, 'posts', 'any-name-at-all.json'));
    local.refresh({ postId: created.id });
    expect((await local.getPost(created.id))?.title).toBe('Created by an editor');
    // Its file is not named after its id: an event by id still finds it.
    writeFileSync(
      path.join(localDir, 'posts', 'any-name-at-all.json'),
      JSON.stringify({ ...created, title: 'Renamed post' }),
    );
    local.refresh({ postId: created.id });
    expect((await local.getPost(created.id))?.title).toBe('Renamed post');
    rmSync(path.join(localDir, 'posts', 'post-0002.json'));
    local.refresh({ postId: 'post-0002' });
    expect(await local.getPost('post-0002')).toBeNull();
    const ids = (await local.listPosts()).items.map((p) => p.id);
    expect(ids).toContain(created.id);
    expect(ids).not.toContain('post-0002');
    expect(ids).toHaveLength(3);
    rmSync(localDir, { recursive: true, force: true });
  });

  it('continues a walk after a new post is added', async () => {
    const localDir = writeContentDir(makePosts(10));
    const local = createLocalSource(localDir);
    const first = await local.queryPosts({ cursorPaging: { limit: 5 } });
    const newest = makePost(500);
    const tmp = path.join(localDir, 'posts', '.tmp');
    writeFileSync(tmp, JSON.stringify(newest));
    renameSync(tmp, path.join(localDir, 'posts', `${newest.id}.json`));
    const second = await local.queryPosts({ cursorPaging: { cursor: first.cursors.next } });
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(
      makePosts(10)
        .map((p) => p.id)
        .reverse(),
    );
    expect((await local.getPost(newest.id))?.id).toBe(newest.id);
    rmSync(localDir, { recursive: true, force: true });
  });
});

describe('local source: metrics, stats, categories, tags', () => {
  it('reads metrics of a published post', async () => {
    expect(await source.getPostMetrics('post-0005')).toMatchObject(posts[5]!.metrics!);
    expect(await source.getPostMetrics('nope')).toBeNull();
  });

  it('counts posts per month, leaving empty months out', async () => {
    const stats = await source.queryPostCountStats({ order: 'OLDEST' });
    expect(stats).toEqual([
      { periodStart: '2025-01-01T00:00:00.000Z', postCount: 31 },
      { periodStart: '2025-02-01T00:00:00.000Z', postCount: 9 },
    ]);
    expect((await source.queryPostCountStats({ order: 'NEWEST' }))[0]!.periodStart).toBe('2025-02-01T00:00:00.000Z');
  });

  it('counts months in the asked time zone', async () => {
    const local = createLocalSource(writeContentDir([makePost(0, { firstPublishedDate: '2025-01-31T23:30:00Z' })]));
    expect(await local.queryPostCountStats({ timeZone: 'Asia/Tokyo' })).toEqual([
      { periodStart: '2025-01-31T15:00:00.000Z', postCount: 1 },
    ]);
    expect(await local.queryPostCountStats({ timeZone: 'America/New_York' })).toEqual([
      { periodStart: '2025-01-01T05:00:00.000Z', postCount: 1 },
    ]);
    expect((await rejection(local.queryPostCountStats({ timeZone: 'Mars/Olympus' }))).status).toBe(400);
  });

  it('starts months at local midnight even where DST changes at midnight', async () => {
    const local = createLocalSource(writeContentDir([makePost(0, { firstPublishedDate: '2023-10-01T03:30:00Z' })]));
    // Asunción moved to summer time at 00:00 on 1 October 2023: the month began at 04:00 UTC, so 03:30 UTC is still
    // September.
    expect(await local.queryPostCountStats({ timeZone: 'America/Asuncion' })).toEqual([
      { periodStart: '2023-09-01T04:00:00.000Z', postCount: 1 },
    ]);
  });

  it('counts `months` back from an exclusive end', async () => {
    const stats = await source.queryPostCountStats({ rangeEnd: '2025-03-01T00:00:00Z', months: 2 });
    expect(stats.map((s) => s.periodStart)).toEqual(['2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z']);
  });

  it('limits stats to a range and a number of months', async () => {
    const stats = await source.queryPostCountStats({
      rangeStart: '2025-01-20T00:00:00Z',
      rangeEnd: '2025-02-05T00:00:00Z',
    });
    expect(stats).toEqual([
      { periodStart: '2025-01-01T00:00:00.000Z', postCount: 12 },
      { periodStart: '2025-02-01T00:00:00.000Z', postCount: 4 },
    ]);
    expect(await source.queryPostCountStats({ rangeStart: '2025-01-01T00:00:00Z', months: 1 })).toEqual([
      { periodStart: '2025-01-01T00:00:00.000Z', postCount: 31 },
    ]);
  });

  it('totals published posts, by language too', async () => {
    expect(await source.getTotalPosts()).toBe(40);
    expect(await source.getTotalPosts({ language: 'es' })).toBe(posts.filter((p) => p.language === 'es').length);
  });

  it('lists categories and tags with counts of published posts', async () => {
    const categories = await source.listCategories();
    expect(categories.map((c) => c.slug)).toEqual(['category-0', 'category-1', 'category-2']);
    expect(categories.reduce((n, c) => n + c.postCount, 0)).toBe(40);
    expect((await source.getCategoryBySlug('category-1'))?.id).toBe('cat-1');
    expect(await source.getCategory('nope')).toBeNull();
    expect((await source.getTagBySlug('tag-even'))?.publishedPostCount).toBe(20);
    expect((await source.getTag('tag-1'))?.label).toBe('Tag 1');
    expect(await source.listTags()).toHaveLength(5);
  });
});
