import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { revalidateTag } from 'next/cache';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../../helpers/site';

// The owner's desk (issue 45) through its route handlers, on a copy of the demo content: what the editor sends is
// written as a post file in Wix's shape, each change publishes the platform's event (so the cache tags of exactly
// the pages it touches are cleared), and bad input, a stale save or a stranger changes nothing.

const SECRET = 'desk-routes-test-secret-long-enough-0123456789';
const site = withSite(
  { OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET, SITE_URL: 'https://blog.example' },
  { content: 'content' },
);
const { POST: create } = await import('@/app/api/owner/posts/route');
const { GET: open, PUT: save, POST: act } = await import('@/app/api/owner/posts/[id]/route');
const { observeEvents } = await import('@/lib/core/events/bus');
const { POST: upload } = await import('@/app/api/owner/media/route');

const owner = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
const request = (method: string, body?: unknown, cookie: string | null = owner) =>
  new Request('https://blog.example/api/owner/posts', {
    method,
    headers: { 'content-type': 'application/json', origin: 'https://blog.example', ...(cookie && { cookie }) },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const on = (id: string) => ({ params: Promise.resolve({ id }) });
const paragraph = (text: string) => ({
  type: 'PARAGRAPH',
  id: 'p0001',
  nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
  paragraphData: { textStyle: { textAlignment: 'AUTO' }, indentation: 0 },
});
const postsDir = () => path.join(site.contentDir, 'posts');
const file = (id: string) => JSON.parse(readFileSync(path.join(postsDir(), `${id}.json`), 'utf8'));
const folderState = () => readdirSync(postsDir()).map((n) => [n, readFileSync(path.join(postsDir(), n), 'utf8')]);

let events: { type: string; entityId: string }[] = [];
observeEvents((event) => events.push({ type: event.type, entityId: event.entityId }));
beforeEach(() => {
  events = [];
  vi.mocked(revalidateTag).mockReset();
});

async function newDraft(title = 'Writing in the browser') {
  const response = await create(request('POST', { title, nodes: [paragraph('First words of a draft.')] }));
  expect(response.status).toBe(201);
  return (await response.json()).post as { id: string; slug: string; editedDate: string; status: string };
}

describe('the owner writes a post', () => {
  it('a new draft is a post file in Wix’s shape, with its text and reading time, and the draft’s pages refreshed', async () => {
    const draft = await newDraft();
    expect(draft).toMatchObject({ slug: 'writing-in-the-browser', status: 'UNPUBLISHED' });
    const stored = file(draft.id);
    expect(stored).toMatchObject({
      title: 'Writing in the browser',
      status: 'UNPUBLISHED',
      language: 'en',
      contentText: 'First words of a draft.',
      minutesToRead: 1,
      excerpt: 'First words of a draft.',
      richContent: { nodes: [paragraph('First words of a draft.')] },
    });
    expect(events).toEqual([{ type: 'wix.blog.v3.draft_created', entityId: draft.id }]);
    expect(vi.mocked(revalidateTag).mock.calls.map(([tag]) => tag)).toEqual(['drafts', `draft:${draft.id}`]);
  });

  it('publishes, updates and unpublishes, each clearing the public pages it touches', async () => {
    const draft = await newDraft('Published from the desk');
    events = [];
    const published = await (await act(request('POST', { action: 'publish' }), on(draft.id))).json();
    expect(published.post).toMatchObject({
      status: 'PUBLISHED',
      url: 'https://blog.example/post/published-from-the-desk',
    });
    expect(file(draft.id).firstPublishedDate).toEqual(expect.any(String));
    expect(vi.mocked(revalidateTag).mock.calls.map(([tag]) => tag)).toEqual(
      expect.arrayContaining(['posts', `post:${draft.id}`, 'stats']),
    );

    // Edits saved on a published post are kept beside it: its readers see the post as published.
    const kept = await save(
      request('PUT', {
        title: 'Published, then edited',
        nodes: [paragraph('Edited.')],
        editedDate: published.post.editedDate,
      }),
      on(draft.id),
    );
    expect(kept.status).toBe(200);
    const keptPost = (await kept.json()).post;
    expect(keptPost).toMatchObject({
      title: 'Published, then edited',
      hasUnpublishedChanges: true,
      status: 'PUBLISHED',
    });
    expect(file(draft.id)).toMatchObject({ title: 'Published from the desk', contentText: 'First words of a draft.' });
    const { blogSource } = await import('@/lib/blog');
    const readers = JSON.stringify(
      await blogSource().getPost(draft.id, { fieldsets: ['RICH_CONTENT', 'CONTENT_TEXT'] }),
    );
    expect(readers).toContain('First words of a draft.');
    expect(readers).not.toContain('Edited.');
    expect(readers).not.toContain('Published, then edited');

    // "Update": the kept edits published.
    const updated = await save(
      request('PUT', {
        title: 'Published, then edited',
        nodes: [paragraph('Edited.')],
        editedDate: keptPost.editedDate,
        publish: true,
      }),
      on(draft.id),
    );
    expect(updated.status).toBe(200);
    expect((await updated.json()).post.hasUnpublishedChanges).toBe(false);
    expect(file(draft.id)).toMatchObject({
      title: 'Published, then edited',
      slug: 'published-from-the-desk',
      contentText: 'Edited.',
    });
    expect(file(draft.id).draftChanges).toBeUndefined();

    await act(request('POST', { action: 'unpublish' }), on(draft.id));
    expect(file(draft.id).status).toBe('UNPUBLISHED');
    expect(events.map((e) => e.type)).toEqual([
      'wix.blog.v3.post_created',
      'wix.blog.v3.draft_updated',
      'wix.blog.v3.post_updated',
      'wix.blog.v3.post_deleted',
    ]);
  });

  it('schedules only ahead, and unschedules', async () => {
    const draft = await newDraft('Scheduled from the desk');
    const past = await act(
      request('POST', { action: 'schedule', at: new Date(Date.now() - 60_000).toISOString() }),
      on(draft.id),
    );
    expect([past.status, (await past.json()).error.message]).toEqual([
      400,
      'a schedule must be at least a minute ahead',
    ]);
    expect(file(draft.id).status).toBe('UNPUBLISHED');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await (await act(request('POST', { action: 'schedule', at }), on(draft.id))).json();
    expect(scheduled.post).toMatchObject({ status: 'SCHEDULED', scheduledPublishDate: at });
    expect(file(draft.id)).toMatchObject({ status: 'SCHEDULED', scheduledPublishDate: at });
    await act(request('POST', { action: 'unschedule' }), on(draft.id));
    expect(file(draft.id).status).toBe('UNPUBLISHED');
    expect(file(draft.id).scheduledPublishDate).toBeUndefined();
  });

  it('moves a post to the trash and back', async () => {
    const draft = await newDraft('Trashed and restored');
    await act(request('POST', { action: 'publish' }), on(draft.id));
    events = [];
    expect((await act(request('POST', { action: 'trash' }), on(draft.id))).status).toBe(200);
    expect(existsSync(path.join(postsDir(), `${draft.id}.json`))).toBe(false);
    expect((await open(request('GET'), on(draft.id))).status).toBe(404);
    const restored = await (await act(request('POST', { action: 'restore' }), on(draft.id))).json();
    expect(restored.post).toMatchObject({ status: 'PUBLISHED', title: 'Trashed and restored' });
    expect(file(draft.id).deletedDate).toBeUndefined();

    // What has been in the trash 30 days is gone for good when the trash is next opened.
    await act(request('POST', { action: 'trash' }), on(draft.id));
    const trashed = path.join(site.contentDir, 'trash', `${draft.id}.json`);
    const { desk } = await import('@/lib/blog');
    expect((await desk().trash()).map((p) => p.id)).toContain(draft.id);
    const old = JSON.parse(readFileSync(trashed, 'utf8'));
    writeFileSync(
      trashed,
      JSON.stringify({ ...old, deletedDate: new Date(Date.now() - 31 * 86_400_000).toISOString() }),
    );
    expect((await desk().trash()).map((p) => p.id)).not.toContain(draft.id);
    expect(existsSync(trashed)).toBe(false);
    expect(events.map((e) => e.type).slice(0, 2)).toEqual(['wix.blog.v3.post_deleted', 'wix.blog.v3.post_created']);
  });
});

describe('the post’s settings', () => {
  it('categories, tags, featured and pinned are saved; an unknown category is refused', async () => {
    const draft = await newDraft('With settings');
    const categories = JSON.parse(readFileSync(path.join(site.contentDir, 'categories.json'), 'utf8'));
    const tags = JSON.parse(readFileSync(path.join(site.contentDir, 'tags.json'), 'utf8'));
    const body = {
      title: 'With settings',
      nodes: [paragraph('Set.')],
      categoryIds: [categories[0].id],
      tagIds: [tags[0].id, tags[1].id],
      featured: true,
      pinned: true,
    };
    const saved = await save(request('PUT', body), on(draft.id));
    expect(saved.status).toBe(200);
    expect(file(draft.id)).toMatchObject({
      categoryIds: [categories[0].id],
      tagIds: [tags[0].id, tags[1].id],
      featured: true,
      pinned: true,
    });
    const before = folderState();
    const refused = await save(request('PUT', { ...body, categoryIds: ['no-such-category'] }), on(draft.id));
    expect([refused.status, (await refused.json()).error.message]).toEqual([400, 'no category "no-such-category"']);
    expect((await save(request('PUT', { ...body, featured: 'yes' }), on(draft.id))).status).toBe(400);
    expect(folderState()).toEqual(before);
  });

  it('hashtags, the SEO title and description, the plans and the preview’s cut are saved and served; an unknown plan is refused', async () => {
    const { planAdmin } = await import('@/lib/plans');
    const { postDescription, postTitle } = await import('@/lib/edge/seo/post-metadata');
    const { blogSource } = await import('@/lib/blog');
    await planAdmin()!.define({ id: 'gold', name: 'Gold', price: null, billing: { kind: 'unlimited' } });
    const draft = await newDraft('Paid and described');
    const body = {
      title: 'Paid and described',
      nodes: [paragraph('Everyone reads this.'), paragraph('Only members with Gold read this.')],
      hashtags: ['#Perf', 'css', 'perf'],
      seoTitle: 'What search engines show',
      seoDescription: 'The line under it',
      pricingPlanIds: ['gold'],
      previewBlocks: 1,
    };
    const saved = await save(request('PUT', body), on(draft.id));
    expect(saved.status).toBe(200);
    const settings = {
      hashtags: ['Perf', 'css'],
      seoTitle: 'What search engines show',
      seoDescription: 'The line under it',
      pricingPlanIds: ['gold'],
      previewBlocks: 1,
    };
    expect((await saved.json()).post).toMatchObject(settings);
    // In Wix's shape: SeoSchema tags, as the pages read them (lib/edge/seo/post-metadata.ts).
    expect(file(draft.id)).toMatchObject({
      hashtags: ['Perf', 'css'],
      pricingPlanIds: ['gold'],
      previewBlocks: 1,
      seoData: {
        tags: [
          { type: 'title', children: 'What search engines show', custom: true },
          { type: 'meta', props: { name: 'description', content: 'The line under it' }, custom: true },
        ],
      },
    });
    expect((await (await open(request('GET'), on(draft.id))).json()).post).toMatchObject(settings);

    // Published: the public reads the first block, and search engines the SEO title and description.
    expect((await act(request('POST', { action: 'publish' }), on(draft.id))).status).toBe(200);
    const served = (await blogSource().getPost(draft.id, { fieldsets: ['RICH_CONTENT', 'SEO'] }))!;
    expect(served).toMatchObject({ preview: true, hashtags: ['Perf', 'css'] });
    expect(served.richContent!.nodes).toHaveLength(1);
    expect([postTitle(served), postDescription(served)]).toEqual(['What search engines show', 'The line under it']);

    const before = folderState();
    const unknown = await save(request('PUT', { ...body, pricingPlanIds: ['platinum'] }), on(draft.id));
    expect([unknown.status, (await unknown.json()).error.message]).toEqual([
      400,
      'no plan "platinum" is offered on this site',
    ]);
    for (const bad of [
      { hashtags: ['two words'] },
      { seoTitle: 'x'.repeat(201) },
      { previewBlocks: -1 },
      { coverImage: { url: 'javascript:alert(1)', width: 10, height: 10, altText: '' } },
      { coverImage: { url: '/media/a.png', width: 0, height: 10, altText: '' } },
    ]) {
      const refused = await save(request('PUT', { ...body, ...bad }), on(draft.id));
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect(folderState()).toEqual(before);
  });
});

describe('a translation', () => {
  it('is made in its language, joins its original’s group both ways, and a second one is refused', async () => {
    const original = readdirSync(postsDir())
      .map((n) => JSON.parse(readFileSync(path.join(postsDir(), n), 'utf8')))
      .find((p) => (p.language ?? 'en') === 'en' && !p.translationId && p.status === 'PUBLISHED')!;
    const body = { title: 'Una traducción', nodes: [paragraph('Hola.')], language: 'es', translationOf: original.slug };
    const made = await create(request('POST', body));
    expect(made.status, JSON.stringify(await made.clone().json())).toBe(201);
    const { post } = await made.json();
    expect(post).toMatchObject({ language: 'es', slug: 'una-traduccion', status: 'UNPUBLISHED' });
    const stored = file(post.id);
    expect(stored.url.path).toBe('/es/post/una-traduccion');
    expect(stored.translations).toEqual([{ id: original.id, language: 'en', slug: original.slug, url: original.url }]);
    expect(file(original.id)).toMatchObject({
      translationId: stored.translationId,
      translations: [{ id: post.id, language: 'es', slug: 'una-traduccion' }],
    });

    const before = folderState();
    const again = await create(request('POST', { ...body, title: 'Otra' }));
    expect([again.status, (await again.json()).error.message]).toEqual([
      400,
      `"${original.slug}" already has a es version: "una-traduccion" (${post.id})`,
    ]);
    const unknown = await create(request('POST', { ...body, translationOf: 'no-such-post' }));
    expect(unknown.status).toBe(400);
    expect((await create(request('POST', { ...body, language: 'fr' }))).status).toBe(400);
    expect(folderState()).toEqual(before);
  });
});

describe('the writer', () => {
  it('is one of the site’s writers, named on the post; an unknown one is refused', async () => {
    const [writer] = JSON.parse(readFileSync(path.join(site.contentDir, 'authors.json'), 'utf8')) as { id: string }[];
    const draft = await newDraft('With a byline');
    const body = { title: 'With a byline', nodes: [paragraph('Signed.')], memberId: writer!.id };
    const saved = await save(request('PUT', body), on(draft.id));
    expect((await saved.json()).post.memberId).toBe(writer!.id);
    expect(file(draft.id).memberId).toBe(writer!.id);
    expect((await (await open(request('GET'), on(draft.id))).json()).post.memberId).toBe(writer!.id);
    const before = folderState();
    const refused = await save(request('PUT', { ...body, memberId: 'nobody-here' }), on(draft.id));
    expect([refused.status, (await refused.json()).error.message]).toEqual([400, 'no writer "nobody-here"']);
    expect(folderState()).toEqual(before);
    expect((await save(request('PUT', { ...body, memberId: null }), on(draft.id))).status).toBe(200);
    expect(file(draft.id).memberId).toBeNull();
  });
});

describe('the cover image', () => {
  it('is kept as Wix keeps it (media.wixMedia.image), shown as the post’s image, and removed with null', async () => {
    const { postImage } = await import('@/lib/blog/view');
    const { blogSource } = await import('@/lib/blog');
    const draft = await newDraft('With a cover');
    const cover = { url: '/media/hero-waves.png', width: 1200, height: 630, altText: 'Blue waves' };
    const body = { title: 'With a cover', nodes: [paragraph('Covered.')], coverImage: cover };
    const saved = await save(request('PUT', body), on(draft.id));
    expect((await saved.json()).post.coverImage).toEqual(cover);
    expect(file(draft.id).media).toEqual({
      wixMedia: { image: { id: 'hero-waves.png', ...cover } },
      displayed: true,
      custom: true,
    });
    expect((await act(request('POST', { action: 'publish' }), on(draft.id))).status).toBe(200);
    expect(postImage((await blogSource().getPost(draft.id))!)).toMatchObject({ url: cover.url, altText: 'Blue waves' });

    // Removed: the live post's edit waits for "Update", then readers see no cover.
    expect((await save(request('PUT', { ...body, coverImage: null, publish: true }), on(draft.id))).status).toBe(200);
    expect((await (await open(request('GET'), on(draft.id))).json()).post.coverImage).toBeNull();
    expect(postImage((await blogSource().getPost(draft.id))!)).toBeUndefined();
  });
});

describe('images', () => {
  const bytes = (body: BodyInit, cookie: string | null = owner) =>
    new Request('https://blog.example/api/owner/media', {
      method: 'POST',
      headers: { 'content-type': 'image/png', origin: 'https://blog.example', ...(cookie && { cookie }) },
      body,
    });
  const media = () => readdirSync(path.join(site.contentDir, 'media'), { recursive: true }).sort();

  it('an uploaded image is stored in the media folder under a new name, with its size', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1f4fd8' } })
      .png()
      .toBuffer();
    const response = await upload(bytes(png));
    expect(response.status).toBe(201);
    const { media: stored } = await response.json();
    expect(stored).toMatchObject({ width: 40, height: 30, url: `/media/uploads/${stored.id}` });
    expect(stored.id).toMatch(/^upload-[0-9a-f]{8}\.png$/);
    expect(readFileSync(path.join(site.contentDir, 'media', 'uploads', stored.id))).toEqual(png);
    // Not among the images members may take as avatars (the media folder's top level).
    const { listMediaImages } = await import('@/lib/blog/reads');
    expect(await listMediaImages()).not.toContain(expect.stringContaining(stored.id));
  });

  it('what is not an image, too large, or not the owner’s is refused, and nothing is stored', async () => {
    const before = media();
    const cases: [Request, number][] = [
      [bytes('<svg onload="alert(1)"></svg>'), 400],
      [bytes(Buffer.from('GIF89a but not really')), 400],
      [bytes(Buffer.alloc(10 * 1024 * 1024 + 1)), 413],
      [bytes(Buffer.from('x'), null), 401],
    ];
    for (const [index, [req, status]] of cases.entries()) {
      const response = await upload(req);
      expect(response.status, `case ${index}`).toBe(status);
      expect((await response.json()).error.wde).toMatch(/^WDE\d{4}$/);
    }
    expect(media()).toEqual(before);
  });
});

describe('what the desk refuses, changing nothing', () => {
  it('a save made after another one the editor has not seen (two tabs): 409, the later text kept', async () => {
    const draft = await newDraft('Two tabs');
    const first = await save(
      request('PUT', { title: 'Two tabs', nodes: [paragraph('From tab one.')], editedDate: draft.editedDate }),
      on(draft.id),
    );
    expect(first.status).toBe(200);
    const stale = await save(
      request('PUT', { title: 'Two tabs', nodes: [paragraph('From tab two.')], editedDate: draft.editedDate }),
      on(draft.id),
    );
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.message).toMatch(/saved elsewhere/);
    expect(file(draft.id).contentText).toBe('From tab one.');
  });

  it('bad input, a slug already taken, a stranger and another site: the catalogue’s errors, nothing written', async () => {
    const draft = await newDraft('Refusals');
    // A published post's slug: the folder also holds the drafts the tests before made, in no set order.
    const taken = readdirSync(postsDir())
      .filter((name) => name.endsWith('.json'))
      .map((name) => file(name.replace('.json', '')))
      .find((post) => post.id !== draft.id && (post.status ?? 'PUBLISHED') === 'PUBLISHED')!.slug;
    const before = folderState();
    const cases: [Request, number][] = [
      [request('POST', { title: '', nodes: [] }), 400],
      [request('POST', { title: 'x'.repeat(201), nodes: [] }), 400],
      [request('POST', { title: 'No body' }), 400],
      [request('POST', { title: 'Bad nodes', nodes: [{ id: 'no type' }] }), 400],
      [request('POST', 'not json'), 400],
      [request('POST', { title: 'Bad slug', slug: 'Not A Slug', nodes: [] }), 400],
      [request('POST', { title: 'Taken', slug: taken, nodes: [] }), 400],
      [request('POST', { title: 'Stranger', nodes: [] }, null), 401],
    ];
    for (const [index, [req, status]] of cases.entries()) {
      const response = await create(req);
      expect(response.status, `case ${index}`).toBe(status);
      const body = await response.json();
      expect(body.error.wde).toMatch(/^WDE\d{4}$/);
      expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|node_modules/);
    }
    const crossSite = new Request('https://blog.example/api/owner/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: owner },
      body: JSON.stringify({ title: 'Cross-site', nodes: [] }),
    });
    expect((await create(crossSite)).status).toBe(403);
    expect((await act(request('POST', { action: 'explode' }), on(draft.id))).status).toBe(400);
    expect((await act(request('POST', { action: 'publish' }), on('../etc/passwd'))).status).toBe(404);
    expect(folderState()).toEqual(before);
  });
});
