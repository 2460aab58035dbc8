import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createLocalSource } from '@/lib/blog/local';
import { ContentFolder } from '@/lib/blog/local/folder';
import { folderEvents } from '@/lib/blog/local/folder-events';
import { ContentStore, type FolderChanges } from '@/lib/blog/local/store';
import type { Post } from '@/lib/blog/types';
import { makePost, makePosts, scratchContentDirs } from '../helpers/posts';

// The content folder watched (lib/blog/local/watch.ts) and what the store tells of it (store/index.ts
// `onUnexplained`): a change no event named is told once, with the post as it was and as it is, so the site can publish
// the event the platform sends for it (folder-events.ts). What an event named is not told again.

const folderWith = scratchContentDirs();

const fileOf = (dir: string, id: string) => path.join(dir, 'posts', `${id}.json`);
const rawPost = (dir: string, id: string) =>
  JSON.parse(readFileSync(fileOf(dir, id), 'utf8')) as Record<string, unknown>;
/** Each change told, as [id, status before, status after, title after]. */
const told = (all: FolderChanges[]) =>
  all.flatMap((c) =>
    c.posts.map(({ before, after }) => [(after ?? before)!.id, before?.status, after?.status, after?.title]),
  );

describe('the watched folder', () => {
  it('tells a write by rename, an edit in place and a removal, each once, as it was and as it is', async () => {
    const dir = folderWith(makePosts(4));
    const source = createLocalSource(dir);
    await source.preload!();
    const heard: FolderChanges[] = [];
    const stop = source.watch!((changes) => heard.push(changes));
    try {
      const folder = new ContentFolder(dir);
      await folder.writePost({ ...rawPost(dir, 'post-0001'), title: 'Renamed into place' } as never);
      await vi.waitFor(() =>
        expect(told(heard)).toEqual([['post-0001', 'PUBLISHED', 'PUBLISHED', 'Renamed into place']]),
      );
      // An editor saving over the same file: the folder's mtime does not move, only the file's notice tells.
      writeFileSync(fileOf(dir, 'post-0002'), JSON.stringify({ ...rawPost(dir, 'post-0002'), status: 'UNPUBLISHED' }));
      await vi.waitFor(() =>
        expect(told(heard).at(-1)).toEqual(['post-0002', 'PUBLISHED', 'UNPUBLISHED', 'Post number 2']),
      );
      rmSync(fileOf(dir, 'post-0003'));
      await vi.waitFor(() => expect(told(heard).at(-1)).toEqual(['post-0003', 'PUBLISHED', undefined, undefined]));
      expect(told(heard)).toHaveLength(3);
      // The source reads as the folder now is.
      expect((await source.getPost('post-0001'))?.title).toBe('Renamed into place');
      expect(await source.getPost('post-0002')).toBeNull();
    } finally {
      stop();
    }
  });

  it('tells a category added to categories.json, by id', async () => {
    const dir = folderWith(makePosts(1));
    const source = createLocalSource(dir);
    await source.preload!();
    const heard: FolderChanges[] = [];
    const stop = source.watch!((changes) => heard.push(changes));
    try {
      const file = path.join(dir, 'categories.json');
      const categories = JSON.parse(readFileSync(file, 'utf8')) as unknown[];
      const added = { id: 'cat-new', label: 'New', slug: 'new', postCount: 0, publishedPostCount: 0, language: 'en' };
      writeFileSync(file, JSON.stringify([...categories, added]));
      await vi.waitFor(() =>
        expect(heard.flatMap((c) => c.categories)).toEqual([
          { before: null, after: expect.objectContaining({ id: 'cat-new' }) },
        ]),
      );
    } finally {
      stop();
    }
  });
});

describe('what the store tells', () => {
  const storeOver = async (dir: string) => {
    const store = new ContentStore(dir);
    await store.read();
    const heard: FolderChanges[] = [];
    store.onUnexplained((changes) => heard.push(changes));
    return { store, heard };
  };

  it('does not tell a change an event named before the watcher noticed it (the desk, a schedule, a webhook)', async () => {
    const dir = folderWith(makePosts(2));
    const { store, heard } = await storeOver(dir);
    await new ContentFolder(dir).writePost({ ...rawPost(dir, 'post-0001'), title: 'Saved by the desk' } as never);
    store.invalidate(['post-0001']);
    store.notice(['post-0001.json']);
    const snapshot = await store.read();
    expect(snapshot.posts.find((p) => p.id === 'post-0001')?.title).toBe('Saved by the desk');
    expect(heard).toEqual([]);
  });

  it('does not tell a file read again that says what it said', async () => {
    const dir = folderWith(makePosts(2));
    const { store, heard } = await storeOver(dir);
    writeFileSync(fileOf(dir, 'post-0001'), readFileSync(fileOf(dir, 'post-0001')));
    store.notice(['post-0001.json']);
    await store.read();
    expect(heard).toEqual([]);
  });

  it('tells what a full check finds when no notice came (a network file system, a write while nobody watched)', async () => {
    const dir = folderWith(makePosts(2));
    const { store, heard } = await storeOver(dir);
    await new ContentFolder(dir).writePost(makePost(7, { title: 'Written unseen' }) as never);
    // The folder's mtime moved: the read checks every file.
    await store.read();
    expect(told(heard)).toEqual([['post-0007', undefined, 'PUBLISHED', 'Written unseen']]);
  });

  it('reads on after a post was made and removed between two reads of its views (no change is left naming nothing)', async () => {
    const dir = folderWith(makePosts(2));
    const store = new ContentStore(dir);
    await store.read();
    const folder = new ContentFolder(dir);
    await folder.writePost(makePost(8) as never);
    store.invalidate(['post-0008']);
    await store.read();
    await folder.removePost('post-0008');
    store.invalidate(['post-0008']);
    await store.read();
    await folder.writePost({ ...rawPost(dir, 'post-0001'), title: 'After' } as never);
    store.invalidate(['post-0001']);
    // Before the fix: "Cannot read properties of null (reading 'id')" merging the unsettled snapshots' changes.
    const snapshot = await store.read();
    expect(snapshot.changes?.map((c) => (c.after ?? c.before)!.id).sort()).toEqual(['post-0001']);
  });
});

describe('the event a change stands for', () => {
  const post = (status: string, extra: Partial<Post> = {}) =>
    ({ ...makePost(1), status, language: 'es', ...extra }) as unknown as Post;
  const typeOf = (before: Post | null, after: Post | null) =>
    folderEvents({ posts: [{ before, after }], categories: [], tags: [] }).map(({ event: e }) =>
      'language' in e ? [e.type, e.language] : [e.type],
    );

  it.each([
    ['a post written published', null, post('PUBLISHED'), ['wix.blog.v3.post_created', 'es']],
    [
      'a draft published',
      post('UNPUBLISHED'),
      post('PUBLISHED'),
      ['wix.blog.v3.post_created', 'es'],
      ['wix.blog.v3.draft_updated'],
    ],
    ['a live post edited', post('PUBLISHED'), post('PUBLISHED', { title: 'x' }), ['wix.blog.v3.post_updated', 'es']],
    [
      'a live post unpublished',
      post('PUBLISHED'),
      post('UNPUBLISHED'),
      ['wix.blog.v3.post_deleted', 'es'],
      ['wix.blog.v3.draft_updated'],
    ],
    [
      'a live post unpublished and scheduled',
      post('PUBLISHED'),
      post('SCHEDULED'),
      ['wix.blog.v3.post_deleted', 'es'],
      ['wix.blog.v3.draft_updated'],
    ],
    ['a live post removed', post('PUBLISHED'), null, ['wix.blog.v3.post_deleted', 'es']],
    ['a draft written', null, post('UNPUBLISHED'), ['wix.blog.v3.draft_created']],
    ['a draft scheduled', post('UNPUBLISHED'), post('SCHEDULED'), ['wix.blog.v3.draft_updated']],
    ['a draft removed', post('SCHEDULED'), null, ['wix.blog.v3.draft_deleted']],
    [
      'only the counts moved',
      post('PUBLISHED'),
      post('PUBLISHED', { metrics: { likes: 9, views: 0, comments: 0 } }),
      ['wix.blog.v3.post_liked'],
    ],
  ])('%s', (_, before, after, ...expected) => {
    expect(typeOf(before, after)).toEqual(expected);
  });

  it('says the source has read it, and names the change the same way wherever it is found', () => {
    const change = { before: post('PUBLISHED'), after: post('PUBLISHED', { title: 'x' }) };
    const [one] = folderEvents({ posts: [change], categories: [], tags: [] });
    const [again] = folderEvents({ posts: [structuredClone(change)], categories: [], tags: [] });
    expect(one!.event).toMatchObject({ fromFolder: true });
    expect(again!.key).toBe(one!.key);
    const [other] = folderEvents({
      posts: [{ ...change, after: post('PUBLISHED', { title: 'y' }) }],
      categories: [],
      tags: [],
    });
    expect(other!.key).not.toBe(one!.key);
  });
});
