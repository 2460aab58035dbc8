import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalSource } from '@/lib/blog/local';
import { ContentFolder, ContentFolderError } from '@/lib/blog/local/folder';
import { publishDue, scheduleOf, scheduledDrafts } from '@/lib/blog/schedule';
import { makePost, makePosts, scratchContentDirs } from '../helpers/posts';

// The content folder's one writer (lib/blog/local/folder.ts, issue 43): the layout (`posts/<id>.json`, the terms'
// lists) and scheduled publishing, which the local source offers the schedule as `sitePublishes`.

const AT = '2026-12-07T08:00:00.000Z';
const scheduled = { ...makePost(20, { status: 'SCHEDULED', firstPublishedDate: undefined }), scheduledPublishDate: AT };
const rescheduled = {
  ...makePost(21, { status: 'SCHEDULED', slug: 'was-published' }),
  scheduledPublishDate: '2026-12-07T09:00:00+01:00',
  somethingOfItsOwn: { kept: true },
};
const folderWith = scratchContentDirs();

const fileOf = (dir: string, id: string) => path.join(dir, 'posts', `${id}.json`);
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('scheduled publishing in the content folder', () => {
  it('lists the scheduled drafts with the time their files keep', async () => {
    const source = createLocalSource(folderWith([...makePosts(2), scheduled, rescheduled]));
    // The same instant, spelled two ways (equals come in the drafts' order): compared by id.
    const found = (await scheduledDrafts(source)).sort((a, b) => a.id.localeCompare(b.id));
    expect(found).toEqual([
      { id: scheduled.id, title: scheduled.title, at: AT },
      { id: rescheduled.id, title: rescheduled.title, at: AT },
    ]);
    expect(await scheduleOf(source, scheduled.id)).toBe(AT);
    expect(await scheduleOf(source, makePosts(1)[0]!.id)).toBeNull();
  });

  it('leaves the file as it was when the time is not the one it keeps', async () => {
    const dir = folderWith([scheduled]);
    const before = readFileSync(fileOf(dir, scheduled.id), 'utf8');
    const source = createLocalSource(dir);
    expect(await publishDue(source, scheduled.id, '2026-12-08T08:00:00.000Z')).toBe('not-due');
    expect(await publishDue(source, 'no-such-post', AT)).toBe('not-due');
    expect(await publishDue(source, '../escape', AT)).toBe('not-due');
    expect(readFileSync(fileOf(dir, scheduled.id), 'utf8')).toBe(before);
  });

  it('publishes at its time: PUBLISHED, dated the scheduled time, the schedule gone; once', async () => {
    const dir = folderWith([scheduled]);
    const source = createLocalSource(dir);
    expect(await publishDue(source, scheduled.id, AT)).toBe('published');
    const written = readJson(fileOf(dir, scheduled.id));
    expect(written).toMatchObject({ status: 'PUBLISHED', firstPublishedDate: AT, lastPublishedDate: AT });
    expect(written).not.toHaveProperty('scheduledPublishDate');
    expect(readFileSync(fileOf(dir, scheduled.id), 'utf8')).toMatch(/^\{\n {2}"id"[^]*\}\n$/);
    expect(await new ContentFolder(dir).publishScheduled(scheduled.id, AT)).toBe('not-due');
  });

  it('keeps a first publication date it had, and every field of its own', async () => {
    const dir = folderWith([rescheduled]);
    expect(await new ContentFolder(dir).publishScheduled(rescheduled.id, AT)).toBe('published');
    const written = readJson(fileOf(dir, rescheduled.id));
    expect(written).toMatchObject({
      status: 'PUBLISHED',
      firstPublishedDate: rescheduled.firstPublishedDate,
      lastPublishedDate: AT,
      somethingOfItsOwn: { kept: true },
    });
    const asWritten = Object.keys(JSON.parse(JSON.stringify(rescheduled)) as object);
    expect(Object.keys(written)).toEqual(asWritten.filter((k) => k !== 'scheduledPublishDate'));
  });
});

describe('the content folder as its writers use it', () => {
  it('reads a post by id or slug, writes it back atomically, and removes it', async () => {
    const dir = folderWith(makePosts(3));
    const folder = new ContentFolder(dir);
    expect((await folder.posts()).map((p) => p.id).sort()).toEqual(makePosts(3).map((p) => p.id));
    const post = await folder.post('post-1');
    expect(post.id).toBe('post-0001');
    await folder.writePost({ ...post, title: 'Renamed' });
    expect(readJson(fileOf(dir, post.id)).title).toBe('Renamed');
    await folder.removePost(post.id);
    await expect(folder.post(post.id)).rejects.toThrow(ContentFolderError);
  });

  it('reads and writes the terms’ lists', async () => {
    const folder = new ContentFolder(folderWith([]));
    const tags = await folder.terms('tag');
    expect((await folder.term('tag', 'tag-even')).id).toBe('tag-even');
    await folder.writeTerms('tag', [...tags, { id: 'tag-new', slug: 'tag-new', label: 'New' }]);
    expect(readJson(folder.termsFile('tag')) as unknown).toHaveLength(tags.length + 1);
    await expect(folder.term('category', 'nope')).rejects.toThrow(/no category with id or slug "nope"/);
  });

  it('refuses what is not a post id or not a content folder, with the error its caller asks for', async () => {
    class Refused extends Error {}
    const folder = new ContentFolder(path.join(folderWith([]), 'missing'), (message) => new Refused(message));
    expect(() => folder.postFile('../x')).toThrow(Refused);
    await expect(folder.posts()).rejects.toThrow(/is not a content folder/);
    expect(() => new ContentFolder('.').postFile('a/b')).toThrow(ContentFolderError);
  });
});
