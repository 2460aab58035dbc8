import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readMedium } from '@/lib/transfer/sources/medium';

// The Medium reader (lib/transfer/sources/medium.ts) on an export's folder (tests/fixtures/import/medium/
// README.md: TryGhost/migrate's Medium fixtures, named as Medium names its files), read from the folder, a zip and a
// map of files.

const EXPORT = path.join(import.meta.dirname, '../fixtures/import/medium/export');
const files = new Map(
  readdirSync(EXPORT, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(EXPORT, file).split(path.sep).join('/'), new Uint8Array(readFileSync(file))] as const;
    }),
);
const [BASIC, ADVANCED, RIDGE, DRAFT] = ['efefef12121212', 'abab34343434', 'cdcd56565656', 'ababab12121212'];

describe('a Medium export', () => {
  const bundle = readMedium(EXPORT);
  const post = (id: string) => bundle.posts.find((found) => found.sourceId === id)!;
  const html = (id: string) => {
    const body = post(id).body;
    return body.format === 'html' ? body.html : '';
  };

  it("reads each story and draft of posts/, by Medium's id, and nothing else", () => {
    expect(bundle.source).toBe('medium');
    expect(bundle.posts.map((found) => found.sourceId)).toEqual([BASIC, ADVANCED, RIDGE, DRAFT]);
    expect(bundle.siteUrl).toBe('https://medium.com');
    expect(bundle.warnings).toEqual([]);
  });

  it('maps title, subtitle, date, tags, author and the old addresses', () => {
    expect(post(BASIC)).toEqual({
      sourceId: BASIC,
      kind: 'post',
      title: 'Basic Post Title',
      slug: 'testpost',
      excerpt: 'This is a subtitle of some sort',
      body: { format: 'html', html: expect.stringContaining('This is a paragraph of text and stuff.') },
      status: 'published',
      publishedDate: '2018-08-11T11:23:34.123Z',
      categoryIds: [],
      tagIds: ['things', 'stuff'],
      authorId: 'joebloggs',
      oldPaths: ['/@JoeBloggs/testpost-efefef12121212', '/p/abcd1234'],
    });
    expect(post(RIDGE)).toMatchObject({
      slug: 'walking-the-long-ridge',
      tagIds: ['hiking', 'things'],
      oldPaths: ['/@JoeBloggs/walking-the-long-ridge-cdcd56565656', '/p/cdcd56565656'],
    });
    expect(bundle.tags).toEqual([
      { sourceId: 'things', label: 'Things', slug: 'things', oldPaths: [] },
      { sourceId: 'stuff', label: 'Stuff', slug: 'stuff', oldPaths: [] },
      { sourceId: 'hiking', label: 'Hiking', slug: 'hiking', oldPaths: [] },
    ]);
  });

  it('reads a draft from its file name, with the profile as its author', () => {
    expect(post(DRAFT)).toMatchObject({
      title: 'Draft Post Title',
      slug: 'draft-post-title',
      status: 'draft',
      authorId: 'username',
      oldPaths: [],
    });
    expect(post(DRAFT).publishedDate).toBeUndefined();
    expect(bundle.authors).toEqual([
      {
        sourceId: 'username',
        name: 'User Name',
        email: 'name@email.com',
        slug: 'username',
        avatar: 'https://cdn-images-1.medium.com/proxy/2*abcdef123456.jpeg',
        oldPaths: ['/@username'],
      },
      { sourceId: 'joebloggs', name: 'Joe Bloggs', slug: 'joebloggs', oldPaths: ['/@JoeBloggs'] },
    ]);
  });

  it('keeps the body less its repeated title and subtitle, its first divider and its featured image', () => {
    expect(html(RIDGE)).toMatch(
      /^<section name="a1b2" class="section section--body section--first"><div class="section-content">/,
    );
    expect(html(RIDGE)).not.toContain('graf--title');
    expect(html(RIDGE)).not.toContain('graf--subtitle');
    expect(html(RIDGE)).not.toContain('RidgeAtDawn');
    expect(html(RIDGE)).toContain(
      'We left the hut at five, <strong class="markup--strong markup--p-strong">headlamps on</strong>',
    );
    expect(html(RIDGE)).toContain('<blockquote name="4e5f" id="4e5f" class="graf graf--blockquote graf-after--p">');
    expect(post(RIDGE).coverImage).toBe('https://cdn-images-1.medium.com/max/800/1*RidgeAtDawn9f8e7d.jpeg');
    expect(html(ADVANCED)).not.toContain('Advanced Post Title');
    expect(html(ADVANCED)).toContain('<em class="markup--em markup--p-em">This is a subtitle of some sort</em>');
    // The second section's divider is the author's: it stays.
    expect(html(ADVANCED).match(/class="section-divider"/g)).toHaveLength(2);
  });

  it("lists the stories' images, remote, with their alt text and captions", () => {
    expect(bundle.media.map((item) => item.url)).toEqual([
      'https://cdn-images-1.medium.com/max/2000/abc123.jpeg',
      'https://cdn-images-1.medium.com/max/600/def123.jpeg',
      'https://cdn-images-1.medium.com/max/600/ghi123jpeg',
      'https://cdn-images-1.medium.com/max/800/xyz123.jpeg',
      'https://cdn-images-1.medium.com/max/800/1*RidgeAtDawn9f8e7d.jpeg',
      'https://cdn-images-1.medium.com/max/800/1*SaddleMap5a4b3c.png',
    ]);
    expect(bundle.media[0]).toEqual({
      url: 'https://cdn-images-1.medium.com/max/2000/abc123.jpeg',
      fileName: 'abc123.jpeg',
      alt: 'This is image alt text',
      caption: 'This is an image caption',
    });
    expect(bundle.media[3]!.caption).toBe('Test a marked up caption');
    expect(bundle.media.every((item) => item.read === undefined)).toBe(true);
  });

  it('reads the same from a zip and from a map of files', () => {
    const fromZip = readMedium(zipSync(Object.fromEntries(files)));
    expect(fromZip).toEqual(bundle);
    expect(readMedium(files)).toEqual(bundle);
    const wrapped = new Map([...files].map(([name, data]) => [`medium-export/${name}`, data]));
    expect(readMedium(wrapped).posts).toHaveLength(4);
  });

  it('warns of an export without stories', () => {
    const empty = readMedium(zipSync({ 'README.html': strToU8('<p>Nothing</p>') }));
    expect(empty.posts).toEqual([]);
    expect(empty.warnings).toEqual([
      { item: 'posts/', message: 'no stories found (a Medium export keeps them in posts/)' },
    ]);
  });
});
