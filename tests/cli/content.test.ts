import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import { main } from '@/scripts/blog/cli';
import { makePosts } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { captureLogs, publicPem, revalidated, routeContext, rsaPair } from '../helpers/webhooks';

// The CLI against a scratch content folder, with its webhook calls answered by the real route in-process:
// both sides use the folder's generated key pair, as `npm run blog` and `next start` do.

const { contentDir: dir } = withSite({ WIX_WEBHOOK_PUBLIC_KEY: '' }, { content: makePosts(6) });
const { POST } = await import('@/app/api/webhooks/wix/route');

const routeFetch: typeof fetch = async (url, init) => POST(new Request(url as string, init), routeContext);

async function blog(argv: string[], fetchImpl: typeof fetch = routeFetch) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    env: { BLOG_CONTENT_DIR: dir, SITE_URL: 'http://127.0.0.1:3999' },
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

beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  captureLogs();
});

describe('blog CLI', () => {
  it('retitles a post by slug, re-publishes it, and clears its tags', async () => {
    const before = readPost('post-0002');
    const { code, out } = await blog(['update', 'post-2', '--title', 'A new title']);
    expect(code).toBe(0);
    const after = readPost('post-0002');
    expect(after).toEqual({ ...before, title: 'A new title', lastPublishedDate: expect.any(String) });
    expect(Date.parse(after.lastPublishedDate as string)).toBeGreaterThan(
      Date.parse(before.lastPublishedDate as string),
    );
    expect(out).toMatch(/updated post "A new title" \(post-2, post-0002\)/);
    expect(out).toMatch(
      /sent wix\.blog\.v3\.post_updated to http:\/\/127\.0\.0\.1:3999\/api\/webhooks\/wix: 200, cleared posts posts:en post:post-0002 stats categories categories:en tags tags:en/,
    );
    // The post is in English: the English lists and the all-language ones, never the Spanish pages.
    expect(tagsCleared()).toEqual(englishPostTags('post-0002'));
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
    expect(tagsCleared()).toContain(`post:${post.id}`);

    expect((await blog(['create', 'Hello, Wörld!'])).code).toBe(0);
    expect(postBySlug('hello-world-2')).toBeDefined();

    vi.mocked(revalidateTag).mockClear();
    const deleted = await blog(['delete', 'hello-world']);
    expect(deleted.code).toBe(0);
    expect(existsSync(postFile(post.id))).toBe(false);
    expect(deleted.out).toMatch(/sent wix\.blog\.v3\.post_deleted/);
    expect(tagsCleared()).toEqual([...englishPostTags(post.id), 'posts-exist:en']);
    expect((await blog(['delete', 'hello-world-2'])).code).toBe(0);
  });

  it('creates a draft (no public tags), publishes, unpublishes and deletes it', async () => {
    expect((await blog(['create', '--title', 'Quiet draft', '--draft'])).out).toMatch(
      /draft_created .*cleared drafts draft:/,
    );
    const draft = postBySlug('quiet-draft')!;
    expect(draft.status).toBe('UNPUBLISHED');
    expect(draft.firstPublishedDate).toBeUndefined();

    expect((await blog(['publish', 'quiet-draft'])).out).toMatch(/sent wix\.blog\.v3\.post_created/);
    expect(readPost(draft.id)).toMatchObject({ status: 'PUBLISHED', firstPublishedDate: expect.any(String) });
    expect((await blog(['publish', 'quiet-draft'])).out).toMatch(/already published: nothing to do/);

    expect((await blog(['unpublish', draft.id])).out).toMatch(/sent wix\.blog\.v3\.post_deleted/);
    expect(readPost(draft.id).status).toBe('UNPUBLISHED');
    expect((await blog(['delete', draft.id])).out).toMatch(/sent wix\.blog\.v3\.draft_deleted/);
  });

  it('likes and unlikes, changing metrics.likes and clearing only the metrics tag', async () => {
    const likes = (readPost('post-0003').metrics as { likes: number }).likes;
    expect((await blog(['like', 'post-3'])).code).toBe(0);
    expect(readPost('post-0003').metrics).toMatchObject({ likes: likes + 1 });
    expect(tagsCleared()).toEqual(['metrics:post-0003']);
    expect((await blog(['unlike', 'post-3', '--member', 'member-9'])).code).toBe(0);
    expect(readPost('post-0003').metrics).toMatchObject({ likes });
  });

  it('creates, renames and deletes categories and tags; a deleted tag leaves its posts', async () => {
    expect((await blog(['categories', 'create', 'Web Hooks', '--description', 'Signed events'])).code).toBe(0);
    const categories = JSON.parse(readFileSync(path.join(dir, 'categories.json'), 'utf8')) as Array<
      Record<string, unknown>
    >;
    const category = categories.find((c) => c.slug === 'web-hooks')!;
    expect(category).toMatchObject({ label: 'Web Hooks', description: 'Signed events', displayPosition: 3 });
    expect(tagsCleared()).toEqual(['categories', 'categories:en', `category:${category.id}`, 'term-translations']);

    expect((await blog(['categories', 'update', 'web-hooks', '--label', 'Webhooks'])).code).toBe(0);
    expect((await blog(['categories', 'delete', 'web-hooks'])).out).toMatch(/category_deleted/);

    expect((await blog(['tags', 'create', 'Short lived'])).code).toBe(0);
    expect((await blog(['update', 'post-4', '--tags', 'short-lived,tag-0'])).code).toBe(0);
    const tag = (
      JSON.parse(readFileSync(path.join(dir, 'tags.json'), 'utf8')) as Array<{ id: string; slug: string }>
    ).find((t) => t.slug === 'short-lived')!;
    vi.mocked(revalidateTag).mockClear();
    const removed = await blog(['tags', 'delete', 'short-lived']);
    expect(removed.out).toMatch(/took it off 1 post/);
    expect(readPost('post-0004').tagIds).toEqual(['tag-0']);
    expect(tagsCleared()).toEqual(['tags', 'tags:en', `tag:${tag.id}`, 'term-translations']);
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
    // The new post's event clears the Spanish lists; the original's (its hreflang links changed) the English ones.
    expect(out).toMatch(/sent wix\.blog\.v3\.post_created .*cleared posts posts:es post:/);
    expect(out).toContain('sent wix.blog.v3.post_updated for post-0003: 200');
    expect(tagsCleared().filter((t) => /^posts:/.test(t))).toEqual(['posts:es', 'posts:en']);

    // A second Spanish version, or a translation without its language, is refused before anything is written.
    const before = snapshot();
    const again = await blog(['create', 'Otra', '--language', 'es', '--translation-of', 'post-3']);
    expect(again.code).toBe(2);
    expect(again.err).toContain('"post-3" already has a es version: "hola"');
    expect((await blog(['create', 'Otra', '--translation-of', 'post-3'])).err).toContain('needs --language');
    expect((await blog(['create', 'Otra', '--language', 'Spanish'])).code).toBe(2);
    expect(snapshot()).toEqual(before);
  });

  it('updates a post with 400 KB of text: its event is accepted and clears the post (issue 33)', async () => {
    const file = path.join(tmpdir(), `long-${process.pid}.md`);
    const paragraph = 'A long post keeps going, sentence after sentence, with "quotes" and more words. ';
    writeFileSync(
      file,
      `# A long post\n\n${Array.from({ length: 400_000 / paragraph.length }, (_, i) => `${paragraph}${i}\n\n`).join('')}`,
    );
    try {
      const { code, out } = await blog(['update', 'post-4', '--content', file]);
      expect(code).toBe(0);
      expect(readFileSync(postFile('post-0004'), 'utf8').length).toBeGreaterThan(400_000);
      expect(out).toMatch(/sent wix\.blog\.v3\.post_updated to \S+: 200, cleared posts posts:en post:post-0004/);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('prints the commands for help', async () => {
    const { code, out } = await blog(['help']);
    expect(code).toBe(0);
    expect(out).toMatch(/Usage: npm run blog/);
  });

  it('exits 1 and says the change stands when the site refuses the event', async () => {
    process.env.WIX_WEBHOOK_PUBLIC_KEY = publicPem(rsaPair().publicKey);
    try {
      const { code, err } = await blog(['update', 'post-5', '--title', 'Refused']);
      expect(code).toBe(1);
      expect(err).toMatch(/answered 401: .*signature does not match/);
      expect(err).toMatch(/The change stands in/);
      expect(readPost('post-0005').title).toBe('Refused');
      expect(revalidated()).toEqual([]);
    } finally {
      process.env.WIX_WEBHOOK_PUBLIC_KEY = '';
    }
  });

  it('exits 1 when the site cannot be reached', async () => {
    const unreachable: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:3999') }));
    const { code, err } = await blog(['update', 'post-5', '--excerpt', 'Offline'], unreachable);
    expect(code).toBe(1);
    expect(err).toMatch(/could not reach http:\/\/127\.0\.0\.1:3999\/api\/webhooks\/wix: connect ECONNREFUSED/);
  });
});
