import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { createLocalPlans, planGrants, pricingPlans } from '@/lib/plans/local';
import { main } from '@/scripts/blog/cli';
import { makePosts } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { captureLogs, revalidated } from '../helpers/webhooks';

// The CLI against a scratch content folder that the site watches in this process, as `next start` watches its own
// (lib/blog/local/watch.ts): the CLI only writes, and the site publishes the event for what it finds changed. Nothing
// is signed or sent between them. The site's answer is the tags its cache subscriber cleared, awaited as they come.

const { contentDir: dir } = withSite({ WIX_WEBHOOK_PUBLIC_KEY: '' }, { content: makePosts(6) });
const { blogSource, watchContent } = await import('@/lib/blog');
await blogSource().preload?.();
const stopWatching = watchContent()!;
afterAll(() => stopWatching());

// The site's records, holding the plans `--plans` names (the CLI checks them there: plans.test.ts).
const dataDir = mkdtempSync(path.join(tmpdir(), 'cli-content-data-'));
beforeAll(async () => {
  const records = createDataClient({
    backend: createEmbeddedBackend(dataDir),
    collections: [pricingPlans, planGrants],
  });
  const plans = createLocalPlans(records);
  for (const id of ['gold', 'silver'])
    await plans.define({ id, name: id, price: null, billing: { kind: 'unlimited' } });
  await records.close();
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function blog(argv: string[], fetchImpl: typeof fetch = fetch) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    env: { BLOG_CONTENT_DIR: dir, DATA_DIR: dataDir, SITE_URL: 'http://127.0.0.1:3999' },
    fetch: fetchImpl,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** What an event about an English post clears (its entity carries `language: "en"`). */
const englishPostTags = (id: string) => [
  ...['posts', 'posts:en', `post:${id}`, 'stats'],
  ...['categories', 'categories:en', 'tags', 'tags:en'],
];
const postFile = (id: string) => path.join(dir, 'posts', `${id}.json`);
const readPost = (id: string) => JSON.parse(readFileSync(postFile(id), 'utf8')) as Record<string, unknown>;
const postBySlug = (slug: string) =>
  readdirSync(path.join(dir, 'posts'))
    .filter((n) => n.endsWith('.json'))
    .map(
      (n) => JSON.parse(readFileSync(path.join(dir, 'posts', n), 'utf8')) as Record<string, unknown> & { id: string },
    )
    .find((p) => p.slug === slug);
const snapshot = () =>
  Object.fromEntries(
    ['categories.json', 'tags.json', ...readdirSync(path.join(dir, 'posts')).map((n) => `posts/${n}`)].map((f) => [
      f,
      readFileSync(path.join(dir, f), 'utf8'),
    ]),
  );
const tagsCleared = () => revalidated().map(([tag]) => tag);
/** The site's answer to a write: the tags cleared once its watcher has seen it. */
const clears = (expected: (tags: string[]) => void) => vi.waitFor(() => expected(tagsCleared()), { timeout: 10_000 });
const forget = () => vi.mocked(revalidateTag).mockClear();

beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  captureLogs();
});

describe('blog CLI', () => {
  it('retitles a post by slug, re-publishes it, and the site clears its tags', async () => {
    const before = readPost('post-0002');
    const { code, out } = await blog(['update', 'post-2', '--title', 'A new title']);
    expect(code).toBe(0);
    const after = readPost('post-0002');
    expect(after).toEqual({ ...before, title: 'A new title', lastPublishedDate: expect.any(String) });
    expect(Date.parse(after.lastPublishedDate as string)).toBeGreaterThan(
      Date.parse(before.lastPublishedDate as string),
    );
    expect(out).toBe('updated post "A new title" (post-2, post-0002)');
    // The post is in English: the English lists and the all-language ones, never the Spanish pages.
    await clears((tags) => expect(tags).toEqual(englishPostTags('post-0002')));
  });

  it('makes a post paid (its plans, its paywall) and free again; the site serves its preview meanwhile', async () => {
    const { blogSource } = await import('@/lib/blog');
    const paid = await blog(['update', 'post-3', '--plans', 'gold,silver', '--preview', '0']);
    expect(paid.code).toBe(0);
    expect(readPost('post-0003')).toMatchObject({ pricingPlanIds: ['gold', 'silver'], previewBlocks: 0 });
    const preview = await blogSource().getPost('post-0003', { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] });
    expect(preview).toMatchObject({ preview: true, contentText: '' });
    expect(preview!.richContent?.nodes).toEqual([]);

    expect((await blog(['update', 'post-3', '--free'])).code).toBe(0);
    const free = readPost('post-0003');
    expect(free.pricingPlanIds).toEqual([]);
    expect(free).not.toHaveProperty('previewBlocks');
    expect((await blogSource().getPost('post-0003', { fieldsets: ['CONTENT_TEXT'] }))!.contentText).toBe(
      'Body of post 3',
    );
  });

  it('creates a post from Markdown with categories and tags, then deletes it', async () => {
    const md = path.join(tmpdir(), `cli-test-${process.pid}.md`);
    writeFileSync(md, '## Heading\n\nBody with **bold** text.\n\n- a\n- b\n');
    const created = await blog([
      'create',
      'Hello, Wörld!',
      '--content',
      md,
      '--categories',
      'category-1',
      '--tags',
      'tag-even,tag-3',
      '--featured',
    ]);
    rmSync(md);
    expect(created.code).toBe(0);
    const post = postBySlug('hello-world')!;
    expect(post).toMatchObject({
      title: 'Hello, Wörld!',
      status: 'PUBLISHED',
      excerpt: 'Heading\nBody with bold text.\na\nb'.replace(/\s+/g, ' '),
      categoryIds: ['cat-1'],
      tagIds: ['tag-even', 'tag-3'],
      featured: true,
      pinned: false,
      metrics: { views: 0, likes: 0, comments: 0 },
      url: { base: 'http://127.0.0.1:3999', path: '/post/hello-world' },
    });
    expect(post.firstPublishedDate).toBe(post.lastPublishedDate);
    expect((post.richContent as { nodes: Array<{ type: string; id: string }> }).nodes.map((n) => n.type)).toEqual([
      'HEADING',
      'PARAGRAPH',
      'BULLETED_LIST',
    ]);
    // Published: the lists, the post, and whether English has posts at all.
    await clears((tags) => expect(tags).toEqual([...englishPostTags(post.id), 'posts-exist:en']));

    expect((await blog(['create', 'Hello, Wörld!'])).code).toBe(0);
    expect(postBySlug('hello-world-2')).toBeDefined();

    await clears((tags) => expect(tags).toContain(`post:${postBySlug('hello-world-2')!.id}`));
    forget();
    const deleted = await blog(['delete', 'hello-world']);
    expect(deleted.code).toBe(0);
    expect(existsSync(postFile(post.id))).toBe(false);
    expect(deleted.out).toMatch(/^deleted "Hello, Wörld!"/);
    await clears((tags) => expect(tags).toEqual([...englishPostTags(post.id), 'posts-exist:en']));
    forget();
    expect((await blog(['delete', 'hello-world-2'])).code).toBe(0);
    await clears((tags) => expect(tags).toContain('posts-exist:en'));
  });

  it('creates a draft (no public tags), publishes, unpublishes and deletes it', async () => {
    expect((await blog(['create', '--title', 'Quiet draft', '--draft'])).out).toMatch(/^created draft "Quiet draft"/);
    const draft = postBySlug('quiet-draft')!;
    expect(draft.status).toBe('UNPUBLISHED');
    expect(draft.firstPublishedDate).toBeUndefined();
    await clears((tags) => expect(tags).toEqual(['drafts', `draft:${draft.id}`]));

    forget();
    expect((await blog(['publish', 'quiet-draft'])).out).toMatch(/^published "Quiet draft"/);
    expect(readPost(draft.id)).toMatchObject({ status: 'PUBLISHED', firstPublishedDate: expect.any(String) });
    // Live: the lists, and whether English has posts; and no longer among the owner's drafts.
    const drafts = ['drafts', `draft:${draft.id}`];
    await clears((tags) => expect(tags).toEqual([...englishPostTags(draft.id), 'posts-exist:en', ...drafts]));
    expect((await blog(['publish', 'quiet-draft'])).out).toMatch(/already published: nothing to do/);

    forget();
    expect((await blog(['unpublish', draft.id])).out).toMatch(/^unpublished "Quiet draft"/);
    expect(readPost(draft.id).status).toBe('UNPUBLISHED');
    await clears((tags) => expect(tags).toEqual([...englishPostTags(draft.id), 'posts-exist:en', ...drafts]));
    forget();
    expect((await blog(['delete', draft.id])).out).toMatch(/^deleted "Quiet draft"/);
    await clears((tags) => expect(tags).toEqual(['drafts', `draft:${draft.id}`]));
  });

  it('likes and unlikes, changing metrics.likes and clearing only the metrics tag', async () => {
    const likes = (readPost('post-0003').metrics as { likes: number }).likes;
    expect((await blog(['like', 'post-3'])).code).toBe(0);
    expect(readPost('post-0003').metrics).toMatchObject({ likes: likes + 1 });
    await clears((tags) => expect(tags).toEqual(['metrics:post-0003']));
    forget();
    expect((await blog(['unlike', 'post-3'])).code).toBe(0);
    expect(readPost('post-0003').metrics).toMatchObject({ likes });
    await clears((tags) => expect(tags).toEqual(['metrics:post-0003']));
  });

  it('creates, renames and deletes categories and tags; a deleted tag leaves its posts', async () => {
    expect((await blog(['categories', 'create', 'Web Hooks', '--description', 'Signed events'])).code).toBe(0);
    const categories = JSON.parse(readFileSync(path.join(dir, 'categories.json'), 'utf8')) as Array<
      Record<string, unknown>
    >;
    const category = categories.find((c) => c.slug === 'web-hooks')!;
    expect(category).toMatchObject({ label: 'Web Hooks', description: 'Signed events', displayPosition: 3 });
    await clears((tags) =>
      expect(tags).toEqual(['categories', 'categories:en', `category:${category.id}`, 'term-translations']),
    );

    expect((await blog(['categories', 'update', 'web-hooks', '--label', 'Webhooks'])).code).toBe(0);
    expect((await blog(['categories', 'delete', 'web-hooks'])).out).toMatch(/^deleted category "Webhooks"/);

    expect((await blog(['tags', 'create', 'Short lived'])).code).toBe(0);
    expect((await blog(['update', 'post-4', '--tags', 'short-lived,tag-0'])).code).toBe(0);
    const tag = (
      JSON.parse(readFileSync(path.join(dir, 'tags.json'), 'utf8')) as Array<{ id: string; slug: string }>
    ).find((t) => t.slug === 'short-lived')!;
    await clears((tags) => expect(tags).toContain('post:post-0004'));
    forget();
    const removed = await blog(['tags', 'delete', 'short-lived']);
    expect(removed.out).toMatch(/took it off 1 post/);
    expect(readPost('post-0004').tagIds).toEqual(['tag-0']);
    // The tag, and the post it was taken off (whose page listed it).
    await clears((tags) =>
      expect(tags).toEqual([...englishPostTags('post-0004'), 'tags', 'tags:en', `tag:${tag.id}`, 'term-translations']),
    );
  });

  it.each([
    [['update', 'no-such-post', '--title', 'x'], /no post with id or slug "no-such-post"/],
    [['create', 'x', '--categories', 'nope'], /no category "nope"; known: category-0/],
    [['update', 'post-1'], /nothing to update/],
    [['update', 'post-1', '--featured', '--no-featured'], /contradict/],
    [['update', 'post-1', '--free', '--plans', 'gold'], /contradict/],
    [['update', 'post-1', '--plans', 'gold', '--preview', 'some'], /not a number of blocks/],
    [['update', 'post-1', '--plans', ','], /needs at least one plan/],
    [['update', 'post-1', '--slug', 'Not A Slug'], /not a slug/],
    [['update', 'post-1', '--slug', 'post-2'], /slug "post-2" is taken/],
    [['update', 'post-1', '--content', 'notes.txt'], /must be a \.md or \.json file/],
    [['update', 'post-1', '--content', '/no/such/file.md'], /cannot read --content/],
    [['create', 'x', '--label', 'y'], /create does not take --label/],
    [['create', 'two', 'words'], /quote a title/],
    [['frobnicate'], /unknown command/],
    [['update', 'post-1', '--bogus'], /Unknown option '--bogus'/],
  ])('refuses %j with status 2 and changes nothing', async (argv, message) => {
    const before = snapshot();
    const { code, err } = await blog(argv);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(snapshot()).toEqual(before);
    expect(revalidated()).toEqual([]);
  });

  it('creates a translation: both posts list each other, and each event clears its own language only', async () => {
    const { code, out } = await blog(['create', 'Hola', '--language', 'es', '--translation-of', 'post-3']);
    expect(code).toBe(0);
    const created = postBySlug('hola')!;
    const original = readPost('post-0003');
    // Wix Multilingual's shape: one translationId, and each post's `translations` names the other.
    expect(created).toMatchObject({ language: 'es', url: { path: '/es/post/hola' } });
    expect(created.translationId).toEqual(original.translationId);
    expect(typeof created.translationId).toBe('string');
    expect(created.translations).toEqual([{ id: 'post-0003', language: 'en', slug: 'post-3', url: original.url }]);
    expect(original.translations).toEqual([{ id: created.id, language: 'es', slug: 'hola', url: created.url }]);
    expect(out).toMatch(/^created post "Hola" .*, a es translation of post-3$/);
    // The new post's event clears the Spanish lists; the original's (its hreflang links changed) the English ones.
    await clears((tags) => expect(tags.filter((t) => /^posts:/.test(t)).sort()).toEqual(['posts:en', 'posts:es']));

    // A second Spanish version, or a translation without its language, is refused before anything is written.
    const before = snapshot();
    const again = await blog(['create', 'Otra', '--language', 'es', '--translation-of', 'post-3']);
    expect(again.code).toBe(2);
    expect(again.err).toContain('"post-3" already has a es version: "hola"');
    expect((await blog(['create', 'Otra', '--translation-of', 'post-3'])).err).toContain('needs --language');
    expect((await blog(['create', 'Otra', '--language', 'Spanish'])).code).toBe(2);
    expect(snapshot()).toEqual(before);
  });

  it('updates a post with 400 KB of text: the site reads it and clears the post (issue 33)', async () => {
    const file = path.join(tmpdir(), `long-${process.pid}.md`);
    const paragraph = 'A long post keeps going, sentence after sentence, with "quotes" and more words. ';
    writeFileSync(
      file,
      `# A long post\n\n${Array.from({ length: 400_000 / paragraph.length }, (_, i) => `${paragraph}${i}\n\n`).join('')}`,
    );
    try {
      const { code } = await blog(['update', 'post-4', '--content', file]);
      expect(code).toBe(0);
      expect(readFileSync(postFile('post-0004'), 'utf8').length).toBeGreaterThan(400_000);
      await clears((tags) => expect(tags).toEqual(englishPostTags('post-0004')));
      expect(
        (await blogSource().getPost('post-0004', { fieldsets: ['CONTENT_TEXT'] }))!.contentText!.length,
      ).toBeGreaterThan(390_000);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('prints the commands for help', async () => {
    const { code, out } = await blog(['help']);
    expect(code).toBe(0);
    expect(out).toMatch(/Usage: npm run blog/);
  });

  it('needs no running site: it writes and exits 0 with nothing listening', async () => {
    stopWatching();
    try {
      const { code, out, err } = await blog(['update', 'post-5', '--excerpt', 'Offline'], () =>
        Promise.reject(new Error('the CLI must not call the site')),
      );
      expect({ code, err }).toEqual({ code: 0, err: '' });
      expect(out).toMatch(/^updated post/);
      expect(readPost('post-0005').excerpt).toBe('Offline');
    } finally {
      watchContent();
    }
  });
});
