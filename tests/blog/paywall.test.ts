import { describe, expect, it } from 'vitest';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';

// Paid posts (issue 30), the first part: a post with pricing plans is its preview for everyone the site serves from its
// source, whatever the source answered. A sentinel sentence after the preview appears zero times in what the public
// reads: the post through the source (every read, every fieldset), the JSON API, the feed, search (its matching too),
// the sitemap, the JSON-LD, and the newsletter's mail. A free post is untouched.

const SENTINEL = 'Zanzibarquartz sentinel sentence only plan holders read';
const paragraph = (id: string, text: string) => ({
  type: 'PARAGRAPH',
  id,
  nodes: [{ type: 'TEXT', textData: { text, decorations: [] } }],
});
const paid = makePost(1, {
  slug: 'paid-post',
  title: 'A paid post',
  excerpt: 'What the paid post is about',
  pricingPlanIds: ['plan-gold'],
  contentText: ['Free one', 'Free two', 'Free three', 'Paid four', SENTINEL].join('\n'),
  richContent: {
    nodes: [
      paragraph('p1', 'Free one'),
      paragraph('p2', 'Free two'),
      paragraph('p3', 'Free three'),
      paragraph('p4', 'Paid four'),
      paragraph('p5', SENTINEL),
    ],
  },
  firstPublishedDate: new Date().toISOString(),
});
const free = makePost(2, { slug: 'free-post', contentText: `Free text ${SENTINEL}` });
withSite({ SITE_URL: 'https://blog.example' }, { content: [paid, free], database: true });

const { blogSource } = await import('@/lib/blog');
const { GET: postRoute } = await import('@/app/api/posts/[postId]/route');
const { GET: listRoute } = await import('@/app/api/posts/route');
const { POST: queryRoute } = await import('@/app/api/posts/query/route');
const { GET: feed } = await import('@/app/feed.xml/route');
const { blogPostingJsonLd } = await import('@/lib/edge/seo/json-ld');
const { renderOnce } = await import('@/lib/newsletter/message');
const { siteSending } = await import('@/lib/newsletter');

const base = 'https://blog.example';
const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) }) as never;
const times = (text: string) => text.split('Zanzibarquartz').length - 1;
const FIELDSETS = 'fieldsets=RICH_CONTENT&fieldsets=CONTENT_TEXT&fieldsets=SEO&fieldsets=URL&fieldsets=METRICS';

describe('a paid post is its preview for the public', () => {
  it('through the source: every read and fieldset, the first three blocks and their text, preview: true', async () => {
    const reads = [
      await blogSource().getPost(paid.id, { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] }),
      await blogSource().getPostBySlug('paid-post', { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] }),
      ...(await blogSource().listPosts({ fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] })).items,
      ...(await blogSource().queryPosts({}, { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] })).items,
    ].filter((p) => p?.id === paid.id);
    expect(reads).toHaveLength(4);
    for (const post of reads) {
      expect(times(JSON.stringify(post))).toBe(0);
      expect(post!.preview).toBe(true);
      expect(post!.richContent?.nodes.map((n) => n.id)).toEqual(['p1', 'p2', 'p3']);
      expect(post!.contentText).toBe('Free one\nFree two\nFree three');
    }
    // A free post is as it was.
    expect(times(JSON.stringify(await blogSource().getPost(free.id, { fieldsets: ['CONTENT_TEXT'] })))).toBe(1);
  });

  it('search neither finds it by a paid word nor shows one', async () => {
    expect((await blogSource().searchPosts('Zanzibarquartz')).map((p) => p.id)).toEqual([free.id]);
    const found = await blogSource().searchPosts('paid post');
    expect(found.map((p) => p.id)).toContain(paid.id);
    expect(times(JSON.stringify(found))).toBe(0);
  });

  it('the JSON API, with every fieldset, by id, list and query', async () => {
    const one = await postRoute(new Request(`${base}/api/posts/${paid.id}?${FIELDSETS}`), ctx({ postId: paid.id }));
    expect(one.status).toBe(200);
    const body = await one.text();
    expect(times(body)).toBe(0);
    expect(JSON.parse(body).post.preview).toBe(true);
    const list = await listRoute(new Request(`${base}/api/posts?${FIELDSETS}`), ctx({}));
    expect(times(await list.text())).toBe(1); // the free post's text, not the paid one's
    const query = await queryRoute(
      new Request(`${base}/api/posts/query?${FIELDSETS}`, {
        method: 'POST',
        body: JSON.stringify({ query: { filter: { slug: 'paid-post' } } }),
        headers: { 'content-type': 'application/json' },
      }),
      ctx({}),
    );
    const queried = await query.text();
    expect(queried).toContain('paid-post');
    expect(times(queried)).toBe(0);
  });

  it('the feed, the JSON-LD (marked paywalled) and the newsletter mail', async () => {
    const xml = await (await feed()).text();
    expect(xml).toContain('A paid post');
    expect(times(xml.replace(/Free text Zanzibarquartz/g, ''))).toBe(0);

    const post = (await blogSource().getPostBySlug('paid-post', { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] }))!;
    const [ld] = blogPostingJsonLd(post, []) as Record<string, unknown>[];
    expect(ld).toMatchObject({
      isAccessibleForFree: false,
      hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywalled' },
    });
    expect(times(JSON.stringify(ld))).toBe(0);

    const sending = siteSending();
    const mail = await renderOnce(sending, (await sending.post(paid.id))!);
    expect(mail.html).toContain('Free three');
    expect(times(mail.html + mail.text)).toBe(0);
    // It says the rest is for members, and links to it.
    expect(mail.text).toContain('The rest of this post is for members with a plan');
    expect(mail.text).toMatch(/Read the rest on the site/i);
  });
});
