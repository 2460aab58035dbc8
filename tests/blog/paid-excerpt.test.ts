import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { createLocalPlans, planGrants, pricingPlans } from '@/lib/plans/local';
import { main } from '@/scripts/blog/cli';
import { makePosts } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { routeContext } from '../helpers/webhooks';

// Issue 42, item 2: a post created without an excerpt gets one made from its first words (`npm run blog -- create`, as
// Wix does by default); made paid afterwards (`update --plans`), that excerpt held words past the preview and went to
// everyone: the page's description, the JSON API, the feed, search. A paid post's public excerpt is made from its
// preview, unless the owner wrote one. The posts are made and made paid through the CLI, its events taken by the real
// webhook route, as `npm run blog` and `next start` do.

const PAID_WORD = 'Quokkaplatinum';
const BODY = [
  'Free one.',
  'Free two.',
  'Free three.',
  `${PAID_WORD} is what the plan holders read.`,
  'More paid text.',
];
const OWNER_EXCERPT = 'What the owner wrote about this post';
// Two long free paragraphs: the excerpt made of them (160 characters at most) ends within the preview.
const LONG_BODY = [
  'The first free paragraph of the longer post runs on for a while, so that the excerpt made of it is cut early.',
  'The second free paragraph goes on in the same way, well past where a made excerpt stops, and says nothing paid.',
  'Free three.',
  `${PAID_WORD} is what the plan holders read.`,
];

const site = withSite(
  { SITE_URL: 'https://blog.example', WIX_WEBHOOK_PUBLIC_KEY: '' },
  { content: makePosts(2), database: true },
);
const { POST: webhook } = await import('@/app/api/webhooks/wix/route');
const { blogSource } = await import('@/lib/blog');
const { searchPosts } = await import('@/lib/blog/reads');
const { GET: postRoute } = await import('@/app/api/posts/[postId]/route');
const { GET: slugRoute } = await import('@/app/api/posts/slugs/[slug]/route');
const { GET: listRoute } = await import('@/app/api/posts/route');
const { GET: feed } = await import('@/app/feed.xml/route');
const { postMetadata } = await import('@/lib/edge/seo/post-metadata');
const { blogPostingJsonLd } = await import('@/lib/edge/seo/json-ld');

const base = 'https://blog.example';
const work = mkdtempSync(path.join(tmpdir(), 'paid-excerpt-'));
const markdown = path.join(work, 'body.md');
const longMarkdown = path.join(work, 'long.md');
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) }) as never;
const FIELDSETS = 'fieldsets=RICH_CONTENT&fieldsets=CONTENT_TEXT&fieldsets=SEO&fieldsets=URL';

// The records the CLI checks `--plans` against (issue 47: a plan the site has not is refused): its own folder, as the
// site's here is held by this process.
const plansDir = mkdtempSync(path.join(tmpdir(), 'paid-excerpt-plans-'));
beforeAll(async () => {
  const records = createDataClient({
    backend: createEmbeddedBackend(plansDir),
    collections: [pricingPlans, planGrants],
  });
  await createLocalPlans(records).define({
    id: 'plan-gold',
    name: 'Gold',
    price: null,
    billing: { kind: 'unlimited' },
  });
  await records.close();
}, 60_000);
afterAll(() => rmSync(plansDir, { recursive: true, force: true }));

async function blog(argv: string[]) {
  const out: string[] = [];
  const code = await main(argv, {
    env: { BLOG_CONTENT_DIR: site.contentDir, DATA_DIR: plansDir, SITE_URL: 'http://127.0.0.1:3999' },
    fetch: async (url, init) => webhook(new Request(url as string, init), routeContext),
    out: (line) => out.push(line),
    err: (line) => out.push(line),
  });
  expect(code, out.join('\n')).toBe(0);
  return (/\(([\w-]+), ([0-9a-f-]{36})\)/.exec(out[0]!) ?? []).slice(1) as [string, string];
}

let auto: { slug: string; id: string };
let owned: { slug: string; id: string };
let long: { slug: string; id: string };

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  writeFileSync(markdown, BODY.join('\n\n'));
  writeFileSync(longMarkdown, LONG_BODY.join('\n\n'));
  const [autoSlug, autoId] = await blog(['create', 'Made excerpt', '--content', markdown]);
  const [ownedSlug, ownedId] = await blog([
    'create',
    'Written excerpt',
    '--content',
    markdown,
    '--excerpt',
    OWNER_EXCERPT,
  ]);
  const [longSlug, longId] = await blog(['create', 'Longer text', '--content', longMarkdown]);
  auto = { slug: autoSlug, id: autoId };
  owned = { slug: ownedSlug, id: ownedId };
  long = { slug: longSlug, id: longId };
  // The excerpt the CLI made: every word of the body (shorter than 160 characters), the paid one too.
  expect((await blogSource().getPost(auto.id))!.excerpt).toContain(PAID_WORD);
  await blog(['update', auto.slug, '--plans', 'plan-gold']);
  await blog(['update', owned.slug, '--plans', 'plan-gold']);
  await blog(['update', long.slug, '--plans', 'plan-gold']);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const times = (text: string) => text.split(PAID_WORD).length - 1;

describe('a paid post whose excerpt was made from its first words', () => {
  it('gets one made from its preview, in every read of the source, with or without its rich content', async () => {
    const reads = [
      await blogSource().getPost(auto.id),
      await blogSource().getPost(auto.id, { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] }),
      await blogSource().getPost(auto.id, { fieldsets: ['CONTENT_TEXT'] }),
      await blogSource().getPostBySlug(auto.slug),
      ...(await blogSource().listPosts()).items,
      ...(await blogSource().queryPosts({}, { fieldsets: ['CONTENT_TEXT'] })).items,
    ].filter((post) => post?.id === auto.id);
    expect(reads).toHaveLength(6);
    for (const post of reads) {
      expect(post!.excerpt).toBe('Free one. Free two. Free three.');
      expect(times(JSON.stringify(post))).toBe(0);
    }
  });

  it('the page metadata (description, Open Graph, Twitter) and the JSON-LD hold no paid word', async () => {
    const post = (await blogSource().getPostBySlug(auto.slug, { fieldsets: ['RICH_CONTENT', 'SEO', 'URL'] }))!;
    const metadata = postMetadata(post);
    expect(metadata.description).toBe('Free one. Free two. Free three.');
    expect(times(JSON.stringify(metadata))).toBe(0);
    expect(times(JSON.stringify(blogPostingJsonLd(post, [])))).toBe(0);
  });

  it('the JSON API (by id, by slug, the list) and the feed hold no paid word', async () => {
    const one = await postRoute(new Request(`${base}/api/posts/${auto.id}?${FIELDSETS}`), ctx({ postId: auto.id }));
    expect(one.status).toBe(200);
    expect(times(await one.text())).toBe(0);
    const bySlug = await slugRoute(new Request(`${base}/api/posts/slugs/${auto.slug}`), ctx({ slug: auto.slug }));
    expect(bySlug.status).toBe(200);
    expect(times(await bySlug.text())).toBe(0);
    for (const query of ['', '?fieldsets=CONTENT_TEXT']) {
      const list = await listRoute(new Request(`${base}/api/posts${query}`), ctx({}));
      const { posts } = (await list.json()) as { posts: { id: string }[] };
      const item = posts.find((post) => post.id === auto.id);
      expect(item).toMatchObject({ excerpt: 'Free one. Free two. Free three.' });
      expect(times(JSON.stringify(item))).toBe(0);
    }
    const xml = await (await feed()).text();
    const item = xml.split('<item>').find((entry) => entry.includes('<title>Made excerpt</title>'))!;
    expect(item).toContain('<description>Free one. Free two. Free three.</description>');
    expect(times(item)).toBe(0);
    expect(xml).toContain(`<description>${OWNER_EXCERPT}</description>`);
  });

  it('search neither finds it by a word only its old excerpt held nor shows one', async () => {
    const found = await searchPosts(PAID_WORD);
    expect(found.map((p) => p.id)).not.toContain(auto.id);
    expect(found.map((p) => p.id)).not.toContain(owned.id);
    const byFreeWords = await searchPosts('free three');
    expect(byFreeWords.map((p) => p.id)).toContain(auto.id);
    expect(times(JSON.stringify(byFreeWords.find((p) => p.id === auto.id)))).toBe(0);
  });
});

describe('what stands', () => {
  it("a paid post's excerpt the owner wrote", async () => {
    expect((await blogSource().getPost(owned.id))!.excerpt).toBe(OWNER_EXCERPT);
    expect((await blogSource().listPosts()).items.find((p) => p.id === owned.id)!.excerpt).toBe(OWNER_EXCERPT);
  });

  it('a made excerpt within the preview', async () => {
    const written = JSON.parse(readFileSync(path.join(site.contentDir, 'posts', `${long.id}.json`), 'utf8')) as {
      excerpt: string;
    };
    expect(written.excerpt).toMatch(/^The first free paragraph .* in the same…$/);
    expect((await blogSource().getPost(long.id))!.excerpt).toBe(written.excerpt);
    expect((await blogSource().listPosts()).items.find((p) => p.id === long.id)!.excerpt).toBe(written.excerpt);
  });

  it('the made excerpt of a post made free again', async () => {
    await blog(['update', auto.slug, '--free']);
    expect((await blogSource().getPost(auto.id))!.excerpt).toBe(BODY.join(' '));
    expect((await searchPosts(PAID_WORD)).map((p) => p.id)).toEqual([auto.id]);
  });
});
