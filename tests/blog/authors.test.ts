import { existsSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheTag } from 'next/cache';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorFromMember } from '@/lib/blog/authors';
import { createLocalSource } from '@/lib/blog/local';
import { blogPostingJsonLd } from '@/lib/edge/seo/json-ld';
import { renderRss } from '@/lib/edge/seo/rss';
import { authorsJson } from '@/scripts/content/taxonomy';
import { makePost, writeContentDir } from '../helpers/posts';
import { withSite } from '../helpers/site';

vi.mock('next/cache', () => ({ cacheLife: vi.fn(), cacheTag: vi.fn(), revalidateTag: vi.fn() }));

// Writers: the public profile of a Wix member (authors.ts), the local source's content/authors.json, the cached
// reads and their tags, the author page's view-model and paging, and the writer in the JSON-LD and the feed.

const CONTENT = path.resolve('content');
withSite({}, { content: CONTENT });
const reads = await import('@/lib/blog/reads');
const { authorPage, authorStaticParams, authorsOf } = await import('@/lib/edge/pages/authors');

const demo = JSON.parse(readFileSync(path.join(CONTENT, 'authors.json'), 'utf8')) as ReturnType<typeof authorsJson>;
const MAYA = demo.find((m) => m.profile.slug === 'maya-okafor')!;
const PRIYA = demo.find((m) => m.profile.slug === 'priya-natarajan')!;

describe('authorFromMember', () => {
  it('keeps the public profile only: never an e-mail, contact or status', () => {
    const author = authorFromMember({
      id: 'm1',
      loginEmail: 'ada@example.com',
      status: 'APPROVED',
      contact: { emails: ['ada@example.com'] },
      profile: { nickname: '  Ada\u202e  Lovelace ', slug: 'ada', title: 'Analyst', photo: { url: '/media/a.png' } },
    });
    expect(author).toEqual({ id: 'm1', name: 'Ada Lovelace', slug: 'ada', avatar: '/media/a.png', title: 'Analyst' });
  });

  it('drops what it cannot show safely, and a member without a name is no author', () => {
    expect(
      authorFromMember({
        id: 'm2',
        profile: { nickname: 'Eve', slug: '../admin', photo: { url: 'javascript:alert(1)' }, title: '' },
      }),
    ).toEqual({ id: 'm2', name: 'Eve', slug: null, avatar: null, title: null });
    expect(authorFromMember({ id: 'm3', profile: { nickname: '   ' } })).toBeNull();
    expect(authorFromMember({ profile: { nickname: 'No id' } })).toBeNull();
    expect(authorFromMember('member')).toBeNull();
  });
});

describe('the local source’s writers (content/authors.json)', () => {
  it('is what the demo builder writes, one member per writer of the posts, each picture in content/media', () => {
    expect(demo).toEqual(authorsJson());
    const postsDir = path.join(CONTENT, 'posts');
    const writers = new Set(
      readdirSync(postsDir).map((f) => JSON.parse(readFileSync(path.join(postsDir, f), 'utf8')).memberId as string),
    );
    expect(new Set(demo.map((m) => m.id))).toEqual(writers);
    for (const member of demo) {
      expect(Object.keys(member)).toEqual(['id', 'profile']);
      expect(existsSync(path.join(CONTENT, member.profile.photo.url))).toBe(true);
    }
  });

  it('answers each writer by id and by slug; anything else is null', async () => {
    const source = createLocalSource(CONTENT);
    await expect(source.getAuthor(MAYA.id)).resolves.toEqual({
      id: MAYA.id,
      name: 'Maya Okafor',
      slug: 'maya-okafor',
      avatar: '/media/avatar-maya-okafor.png',
      title: MAYA.profile.title,
    });
    await expect(source.getAuthorBySlug('priya-natarajan')).resolves.toMatchObject({ id: PRIYA.id });
    await expect(source.getAuthor('no-such-member')).resolves.toBeNull();
    await expect(source.getAuthorBySlug('no-such-writer')).resolves.toBeNull();
  });

  it('reads the file again when it changes; a missing or broken file is no writers', async () => {
    const dir = writeContentDir([makePost(1, { memberId: 'w1' })]);
    try {
      const source = createLocalSource(dir);
      await expect(source.getAuthor('w1')).resolves.toBeNull();
      const file = path.join(dir, 'authors.json');
      writeFileSync(file, JSON.stringify([{ id: 'w1', profile: { nickname: 'First', slug: 'w' } }]));
      await expect(source.getAuthor('w1')).resolves.toMatchObject({ name: 'First' });
      writeFileSync(file, JSON.stringify([{ id: 'w1', profile: { nickname: 'Renamed', slug: 'w' } }]));
      utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      await expect(source.getAuthor('w1')).resolves.toMatchObject({ name: 'Renamed' });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      writeFileSync(file, '{ not json');
      await expect(source.getAuthor('w1')).resolves.toBeNull();
      expect(warn).toHaveBeenCalledOnce();
      warn.mockRestore();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cached author reads', () => {
  beforeEach(() => vi.mocked(cacheTag).mockClear());
  const tags = () => vi.mocked(cacheTag).mock.calls.flat();

  it('a writer carries `author:{memberId}`, found by id or by slug', async () => {
    await reads.getAuthor(MAYA.id);
    await reads.getAuthorBySlug('maya-okafor');
    expect(tags()).toEqual([`author:${MAYA.id}`, `author:${MAYA.id}`]);
  });

  it('a slug no one has carries `authors`, so the member who takes it clears it', async () => {
    expect(await reads.getAuthorBySlug('not-yet')).toBeNull();
    expect(tags()).toEqual(['authors']);
  });
});

describe('the author page', () => {
  it('lists a writer’s posts in the page’s language, 12 a page, newest first as the feed', async () => {
    // Maya wrote 12 posts in English and 2 of the Spanish translations: each language's page holds its own.
    const english = await authorPage('maya-okafor', 1);
    expect(english?.author.name).toBe('Maya Okafor');
    expect(english?.listing).toMatchObject({ page: 1, totalPages: 1, total: 12 });
    expect(english?.listing.posts).toHaveLength(12);
    const spanish = await authorPage('maya-okafor', 1, 'es');
    expect(spanish?.listing).toMatchObject({ page: 1, totalPages: 1, total: 2 });
    const all = [...english!.listing.posts, ...spanish!.listing.posts];
    expect(new Set(all.map((p) => p.id)).size).toBe(14);
    for (const post of all) expect(post.memberId).toBe(MAYA.id);
    expect(english!.listing.posts.map((p) => p.language)).toEqual(Array(12).fill('en'));
    expect(spanish!.listing.posts.map((p) => p.language)).toEqual(['es', 'es']);
    expect(await authorPage('maya-okafor', 2)).toBeNull();
  });

  it('a writer whose posts fit one page has one page; unknown writers have none', async () => {
    const priya = await authorPage('priya-natarajan', 1);
    expect(priya?.listing).toMatchObject({ totalPages: 1, total: 11 });
    expect(await authorPage('priya-natarajan', 2)).toBeNull();
    expect(await authorPage('no-such-writer', 1)).toBeNull();
    expect(await authorPage('%E0%A4%A', 1)).toBeNull();
  });

  it('prerenders the writers of the newest posts; authorsOf reads each writer once', async () => {
    expect((await authorStaticParams()).map((p) => p.slug).sort()).toEqual([
      'maya-okafor',
      'priya-natarajan',
      'tomas-reyes',
    ]);
    const found = await authorsOf([MAYA.id, MAYA.id, undefined, 'ghost']);
    expect([...found.keys()]).toEqual([MAYA.id]);
  });
});

describe('the writer in the JSON-LD and the feed', () => {
  const author = { id: 'm1', name: 'Ada <Lovelace>', slug: 'ada', avatar: null, title: null };

  it('JSON-LD names the author as a Person with the URL of their page', () => {
    const [posting] = blogPostingJsonLd(makePost(1), [], author) as Record<string, unknown>[];
    expect(posting?.author).toEqual({
      '@type': 'Person',
      name: 'Ada <Lovelace>',
      url: 'http://localhost:3000/authors/ada',
    });
    const [none] = blogPostingJsonLd(makePost(1), []) as Record<string, unknown>[];
    expect(none?.author).toBeUndefined();
  });

  it('RSS names the writer as <dc:creator> (escaped), never <author>, which would need an e-mail address', () => {
    const xml = renderRss({
      title: 't',
      link: 'http://x.test/',
      description: 'd',
      selfUrl: 'http://x.test/feed.xml',
      language: 'en',
      items: [
        { post: makePost(1), url: 'http://x.test/post/a', html: '', categories: [], author: author.name },
        { post: makePost(2), url: 'http://x.test/post/b', html: '', categories: [], author: null },
      ],
    });
    expect(xml).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"');
    expect(xml.match(/<dc:creator>/g)).toHaveLength(1);
    expect(xml).toContain('<dc:creator>Ada &lt;Lovelace&gt;</dc:creator>');
    expect(xml).not.toContain('<author>');
  });
});

afterAll(() => vi.restoreAllMocks());
