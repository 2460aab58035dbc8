import { existsSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMED_SORTS, patchSorted, sortPosts } from '@/lib/blog/query/sort';
import { createLocalSource } from '@/lib/blog/local';
import { ContentStore } from '@/lib/blog/local/store';
import { searchBody } from '@/lib/blog/query/search';
import { runQuery } from '@/lib/blog/query/engine';
import { matches, parseFilter } from '@/lib/blog/query/filter';
import type { BlogSource } from '@/lib/blog/source';
import { makePost, makePosts, writeContentDir } from '../helpers/posts';

// What makes the local source hold up at 100,000 posts: an index beside the content (a start reads only changed
// files), bodies read on demand, and views patched, not rebuilt, after an event naming a post.

const dirs: string[] = [];
const contentDir = (...args: Parameters<typeof writeContentDir>) => {
  const dir = writeContentDir(...args);
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const postFile = (dir: string, id: string) => path.join(dir, 'posts', `${id}.json`);

const STAMP = new Date('2026-01-01T00:00:00Z');
/** Gives every post file the same whole-second mtime (utimes keeps milliseconds only), before the first read. */
const stampAll = (dir: string, ids: string[]) => ids.forEach((id) => utimesSync(postFile(dir, id), STAMP, STAMP));

/** Rewrites a file with other content of the same length and the same mtime: only the index can tell them apart. */
function rewriteUnnoticed(file: string, post: ReturnType<typeof makePost>) {
  const before = statSync(file);
  const text = JSON.stringify(post);
  expect(Buffer.byteLength(text)).toBe(before.size);
  writeFileSync(file, text);
  utimesSync(file, STAMP, STAMP);
  expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
}

describe('the content index', () => {
  it('lets a new process answer from the index for files unchanged since, and read the ones that changed', async () => {
    const dir = contentDir(makePosts(5));
    stampAll(
      dir,
      makePosts(5).map((p) => p.id),
    );
    const first = new ContentStore(dir);
    await first.read();
    await first.flushed();
    expect(existsSync(path.join(dir, '.index', 'posts.json'))).toBe(true);

    // Same size, same mtime: a restart trusts the index (the file is not read).
    rewriteUnnoticed(postFile(dir, 'post-0001'), makePost(1, { title: 'Post number X' }));
    // A real edit: a new mtime and size.
    writeFileSync(
      postFile(dir, 'post-0002'),
      JSON.stringify(makePost(2, { title: 'Edited while the server was down' })),
    );
    unlinkSync(postFile(dir, 'post-0003'));

    const restarted = await new ContentStore(dir).read();
    const titles = Object.fromEntries(restarted.posts.map((p) => [p.id, p.title]));
    expect(titles).toEqual({
      'post-0000': 'Post number 0',
      'post-0001': 'Post number 1',
      'post-0002': 'Edited while the server was down',
      'post-0004': 'Post number 4',
    });
  });

  it('keeps any text through the index (written in ASCII, read back the same)', async () => {
    const title = 'Café “quoted” — 東京 😀';
    const dir = contentDir([makePost(0, { title })]);
    const store = new ContentStore(dir);
    await store.read();
    await store.flushed();
    expect(readFileSync(path.join(dir, '.index', 'posts.json'), 'latin1')).toMatch(/^[\x00-\x7f]*$/);
    const [post] = (await new ContentStore(dir).read()).posts;
    expect(post?.title).toBe(title);
  });

  it('ignores an index that is damaged or from another version', async () => {
    const dir = contentDir(makePosts(3));
    stampAll(
      dir,
      makePosts(3).map((p) => p.id),
    );
    const store = new ContentStore(dir);
    await store.read();
    await store.flushed();
    const index = path.join(dir, '.index', 'posts.json');
    rewriteUnnoticed(postFile(dir, 'post-0001'), makePost(1, { title: 'Post number Y' }));

    writeFileSync(index, '{"version":1,"rows":[["post-0001.json"');
    expect((await new ContentStore(dir).read()).posts.find((p) => p.id === 'post-0001')?.title).toBe('Post number Y');

    const old = JSON.parse(readFileSync(index, 'utf8').length > 50 ? readFileSync(index, 'utf8') : '{}');
    writeFileSync(index, JSON.stringify({ ...old, version: -1 }));
    expect((await new ContentStore(dir).read()).posts.find((p) => p.id === 'post-0001')?.title).toBe('Post number Y');
  });

  it('holds posts without their bodies and reads a body from the file when asked', async () => {
    const dir = contentDir(makePosts(2));
    const store = new ContentStore(dir);
    const [post] = (await store.read()).posts;
    expect(post).not.toHaveProperty('richContent');
    expect(post).not.toHaveProperty('contentText');
    expect(await store.body('post-0000')).toMatchObject({
      contentText: 'Body of post 0',
      richContent: { nodes: [{ type: 'PARAGRAPH' }] },
    });
    expect(await store.body('no-such-post')).toBeNull();

    const source = createLocalSource(dir);
    expect((await source.getPost('post-0001', { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] }))?.contentText).toBe(
      'Body of post 1',
    );
    expect((await source.listPosts({ fieldsets: ['RICH_CONTENT'] })).items[0]?.richContent?.nodes).toHaveLength(1);
  });
});

describe('search over bodies kept apart', () => {
  it('finds words of the body, keeps the search index, and sees an edit named by an event', async () => {
    const dir = contentDir(makePosts(4));
    const source = createLocalSource(dir);
    expect((await source.searchPosts('body of post 2')).map((p) => p.id)).toEqual(['post-0002']);
    writeFileSync(postFile(dir, 'post-0003'), JSON.stringify(makePost(3, { contentText: 'A paragraph about zebras' })));
    source.refresh({ postId: 'post-0003' });
    expect((await source.searchPosts('zebras')).map((p) => p.id)).toEqual(['post-0003']);
  });

  it('keeps what search looks at in an index, used while the files are unchanged', async () => {
    const dir = contentDir(makePosts(4));
    stampAll(
      dir,
      makePosts(4).map((p) => p.id),
    );
    const store = new ContentStore(dir, { searchText: searchBody });
    await store.searchTexts();
    await store.flushed();
    expect(existsSync(path.join(dir, '.index', 'search.json'))).toBe(true);
    rewriteUnnoticed(postFile(dir, 'post-0001'), makePost(1, { contentText: 'Body of kiwi 1' }));
    const again = await new ContentStore(dir, { searchText: searchBody }).searchTexts();
    // From the index: the file was not read again.
    expect(again('post-0001')).toContain('post');
    expect(again('post-0001')).not.toContain('kiwi');
  });
});

describe('views patched after events', () => {
  const snapshotOf = async (source: BlogSource) => ({
    feed: (await source.listPosts({ paging: { limit: 100 } })).items.map((p) => p.id),
    titles: (await source.listPosts({ sort: 'TITLE_ASC', paging: { limit: 100 } })).items.map((p) => p.id),
    views: (
      await source.queryPosts({ sort: [{ fieldName: 'metrics.views', order: 'DESC' }], cursorPaging: { limit: 100 } })
    ).items.map((p) => p.id),
    categories: (await source.listCategories()).map((c) => [c.id, c.postCount]),
    tags: (await source.listTags()).map((t) => [t.id, t.postCount, t.publishedPostCount]),
    total: await source.getTotalPosts(),
    byId: (await source.getPost('post-0004'))?.title ?? null,
    bySlug: (await source.getPostBySlug('post-10'))?.title ?? null,
    category: (await source.listPosts({ categoryIds: ['cat-2'], paging: { limit: 100 } })).items.map((p) => p.id),
    query: (
      await source.queryPosts({ filter: { tagIds: { $hasSome: ['tag-1'] } }, cursorPaging: { limit: 100 } })
    ).items.map((p) => p.id),
    drafts: (await source.listDrafts({ limit: 100 })).items.map((p) => p.id),
    stats: await source.queryPostCountStats({ timeZone: 'Europe/Paris' }),
    spanish: await source.getTotalPosts({ language: 'es' }),
    search: (await source.searchPosts('post')).map((p) => p.id),
  });

  it('agree with a source that reads the folder afresh, edit after edit', async () => {
    const dir = contentDir(makePosts(30));
    const source = createLocalSource(dir);
    await snapshotOf(source);
    const edits: [string, () => void][] = [
      [
        'post-0004',
        () =>
          writeFileSync(
            postFile(dir, 'post-0004'),
            JSON.stringify(
              makePost(4, { title: 'Zeta', firstPublishedDate: '2030-01-01T00:00:00.000Z', categoryIds: ['cat-2'] }),
            ),
          ),
      ],
      [
        'post-0010',
        () => writeFileSync(postFile(dir, 'post-0010'), JSON.stringify(makePost(10, { status: 'UNPUBLISHED' }))),
      ],
      ['post-0011', () => unlinkSync(postFile(dir, 'post-0011'))],
      [
        'post-0500',
        () =>
          writeFileSync(postFile(dir, 'post-0500'), JSON.stringify(makePost(500, { pinned: true, tagIds: ['tag-1'] }))),
      ],
      [
        'post-0010',
        () =>
          writeFileSync(
            postFile(dir, 'post-0010'),
            JSON.stringify(makePost(10, { metrics: { views: 1000, likes: 0, comments: 0 } })),
          ),
      ],
      [
        'post-0004',
        () =>
          writeFileSync(
            postFile(dir, 'post-0004'),
            JSON.stringify(makePost(4, { title: 'Alpha', status: 'UNPUBLISHED' })),
          ),
      ],
    ];
    for (const [id, edit] of edits) {
      edit();
      source.refresh({ postId: id });
      expect(await snapshotOf(source)).toEqual(await snapshotOf(createLocalSource(dir)));
    }
    // Two events before the next read are both applied.
    writeFileSync(
      postFile(dir, 'post-0001'),
      JSON.stringify(makePost(1, { firstPublishedDate: '2031-01-01T00:00:00.000Z' })),
    );
    source.refresh({ postId: 'post-0001' });
    await source.getTotalPosts();
    writeFileSync(
      postFile(dir, 'post-0002'),
      JSON.stringify(makePost(2, { firstPublishedDate: '2032-01-01T00:00:00.000Z' })),
    );
    source.refresh({ postId: 'post-0002' });
    writeFileSync(
      postFile(dir, 'post-0003'),
      JSON.stringify(makePost(3, { firstPublishedDate: '2033-01-01T00:00:00.000Z' })),
    );
    source.refresh({ postId: 'post-0003' });
    const fresh = await snapshotOf(createLocalSource(dir));
    expect(fresh.feed.slice(0, 5)).toEqual(['post-0500', 'post-0007', 'post-0003', 'post-0002', 'post-0001']);
    expect(await snapshotOf(source)).toEqual(fresh);
  });
});

describe('cursor queries walk the sorted posts', () => {
  it('finds the previous and next pages of a filter whose matches sit side by side', async () => {
    const source = createLocalSource(contentDir(makePosts(10)));
    const query = { filter: { id: { $in: ['post-0003', 'post-0004', 'post-0005'] } }, cursorPaging: { limit: 1 } };
    const first = await source.queryPosts(query);
    expect(first.items.map((p) => p.id)).toEqual(['post-0005']);
    expect(first.cursors.prev).toBeNull();
    const second = await source.queryPosts({ cursorPaging: { cursor: first.cursors.next } });
    const third = await source.queryPosts({ cursorPaging: { cursor: second.cursors.next } });
    expect(third.items.map((p) => p.id)).toEqual(['post-0003']);
    expect(third.hasNext).toBe(false);
    const back = await source.queryPosts({ cursorPaging: { cursor: third.cursors.prev } });
    expect(back.items.map((p) => p.id)).toEqual(['post-0004']);
    expect(back.hasNext).toBe(true);
    const start = await source.queryPosts({ cursorPaging: { cursor: back.cursors.prev } });
    expect(start.items.map((p) => p.id)).toEqual(['post-0005']);
    expect(start.cursors.prev).toBeNull();
  });
});

describe('range filters on the sort field', () => {
  it('answer what filtering every post answers, in both directions and across pages', async () => {
    const posts = [...makePosts(40), makePost(40, { firstPublishedDate: undefined, minutesToRead: 0 })];
    const source = createLocalSource(contentDir(posts));
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n, 12)).toISOString();
    const filters = [
      { firstPublishedDate: { $lt: day(20) } },
      { firstPublishedDate: { $lte: day(20) } },
      { firstPublishedDate: { $gt: day(5) }, language: 'en' },
      { firstPublishedDate: { $gte: day(5) } },
      { firstPublishedDate: { $between: [day(3), day(30)] } },
      { minutesToRead: { $gt: 4 } },
      { minutesToRead: { $lte: 3 }, featured: false },
    ];
    for (const filter of filters) {
      for (const sort of [
        [{ fieldName: 'firstPublishedDate', order: 'DESC' }],
        [{ fieldName: 'firstPublishedDate', order: 'ASC' }],
        [{ fieldName: 'minutesToRead', order: 'ASC' }],
        [{ fieldName: 'minutesToRead', order: 'DESC' }],
      ] as const) {
        const all = await source.queryPosts({ filter, sort: [...sort], cursorPaging: { limit: 100 } });
        const walked: string[] = [];
        let page = await source.queryPosts({ filter, sort: [...sort], cursorPaging: { limit: 3 } });
        walked.push(...page.items.map((p) => p.id));
        while (page.cursors.next) {
          page = await source.queryPosts({ cursorPaging: { cursor: page.cursors.next } });
          walked.push(...page.items.map((p) => p.id));
        }
        expect(walked).toEqual(all.items.map((p) => p.id));
        const brute = runQuery(
          posts.filter((p) => p.status === 'PUBLISHED').map((p) => ({ ...p })),
          { sort: [...sort], cursorPaging: { limit: 100 } },
        ).items.filter((p) => matches(p, parseFilter(filter)));
        expect(all.items.map((p) => p.id)).toEqual(brute.map((p) => p.id));
      }
    }
  });
});

describe('patchSorted', () => {
  it('gives the order a full sort gives', () => {
    const posts = makePosts(50);
    for (const sort of Object.values(NAMED_SORTS)) {
      const sorted = sortPosts(posts, sort);
      const changed = [
        makePost(3, { title: 'Aardvark', firstPublishedDate: '2020-01-01T00:00:00.000Z' }),
        makePost(60, { pinned: true }),
      ];
      const removed = [posts[3]!, posts[20]!];
      const expected = sortPosts([...posts.filter((p) => !removed.includes(p)), ...changed], sort);
      expect(patchSorted(sorted, sort, removed, changed).map((p) => p.id)).toEqual(expected.map((p) => p.id));
    }
  });
});
