import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGhost } from '@/lib/transfer/sources/ghost';

// The Ghost reader (lib/transfer/sources/ghost.ts) on two exports (tests/fixtures/import/ghost/README.md):
// Ghost's own 4.x export fixture, copied unmodified (HTML beside Mobiledoc), and a 5.x export with Lexical content,
// members, newsletters and tiers.

const FIXTURES = path.join(import.meta.dirname, '../fixtures/import/ghost');
const V4 = readFileSync(path.join(FIXTURES, 'v4_export.json'), 'utf8');
const V5 = readFileSync(path.join(FIXTURES, 'v5-lexical.json'), 'utf8');
const mediaDir = path.join(FIXTURES, 'content/images');
const GHOST_AUTHOR = '5951f5fca366002ebd5dbef7';
const idOf = (n: number) => `6640a1f0c2b7e2001f3a000${n}`;
const [WALKTHROUGH, NOTES, ABOUT, COMING, INBOX] = [idOf(1), idOf(2), idOf(3), idOf(4), idOf(5)];

describe("Ghost's 4.x export fixture", () => {
  const bundle = readGhost(V4);
  const post = (slug: string) => bundle.posts.find((found) => found.slug === slug)!;

  it('reads its 7 posts and 4 pages, its one tag and its two staff users', () => {
    expect(bundle.source).toBe('ghost');
    expect(bundle.title).toBe('Testing Export Fixtures');
    expect(bundle.posts.filter((found) => found.kind === 'post').map((found) => found.slug)).toEqual([
      'integrations',
      'grow',
      'sell',
      'portal',
      'write',
      'design',
      'welcome',
    ]);
    expect(bundle.posts.filter((found) => found.kind === 'page').map((found) => found.slug)).toEqual([
      'about',
      'contact',
      'privacy',
      'contribute',
    ]);
    expect(bundle.tags).toEqual([
      {
        sourceId: 'getting-started',
        label: 'Getting Started',
        slug: 'getting-started',
        oldPaths: ['/tag/getting-started/'],
      },
    ]);
    expect(bundle.posts.filter((found) => found.tagIds.includes('getting-started'))).toHaveLength(7);
    expect(
      bundle.authors.map(({ sourceId, name, email, slug, oldPaths }) => ({ sourceId, name, email, slug, oldPaths })),
    ).toEqual([
      {
        sourceId: '1',
        name: 'Fixture Ghosty',
        email: 'test@ghost.org',
        slug: 'fixture',
        oldPaths: ['/author/fixture/'],
      },
      {
        sourceId: GHOST_AUTHOR,
        name: 'Ghost',
        email: 'ghost-author@example.com',
        slug: 'ghost',
        oldPaths: ['/author/ghost/'],
      },
    ]);
    // A protocol-relative Gravatar address is made absolute.
    expect(bundle.authors[0]!.avatar).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\//);
    expect(bundle.people).toEqual([]);
    expect(bundle.warnings).toEqual([]);
  });

  it("maps a post's fields: HTML body, dates, excerpt, cover, author, old path, paid visibility", () => {
    const welcome = post('welcome');
    expect(welcome).toMatchObject({
      sourceId: '605ac141a2d5a6aa9e101ec9',
      title: 'Start here for a quick overview of everything you need to know',
      status: 'published',
      publishedDate: '2021-03-24T04:34:15.000Z',
      authorId: GHOST_AUTHOR,
      coverImage: 'https://static.ghost.org/v4.0.0/images/welcome-to-ghost.png',
      featured: false,
      pinned: false,
      paid: false,
      oldPaths: ['/welcome/'],
    });
    expect(welcome.excerpt).toMatch(/^We've crammed the most important information/);
    expect(welcome.body.format).toBe('html');
    expect(post('sell').paid).toBe(true);
    expect(bundle.posts.filter((found) => found.paid).map((found) => found.slug)).toEqual(['sell']);
    expect(bundle.media.map((item) => item.url)).toContain('https://static.ghost.org/v4.0.0/images/thebrowser.jpg');
  });

  it('renders the Mobiledoc when the export has no HTML', () => {
    const data = JSON.parse(V4) as { db: [{ data: { posts: { slug: string; html: string | null }[] } }] };
    for (const found of data.db[0].data.posts) found.html = null;
    const rendered = readGhost(data);
    const html = (slug: string) => {
      const body = rendered.posts.find((found) => found.slug === slug)!.body;
      return body.format === 'html' ? body.html : body.format === 'markdown' ? body.markdown : '';
    };
    expect(html('sell')).toContain('<p>Ghost takes <strong>0% payment fees</strong>, so everything you make is yours');
    expect(html('sell')).toContain(
      '<a href="https://thebrowser.com"><img src="https://static.ghost.org/v4.0.0/images/thebrowser.jpg"',
    );
    expect(html('sell')).toContain('<figcaption>The Browser has over 10,000 paying subscribers</figcaption>');
    expect(html('sell')).toContain('<!--members-only-->');
    expect(html('design')).toContain('<pre><code class="language-handlebars">{{#post}}\n&lt;article');
    expect(html('write')).toContain('<figure class="kg-card kg-gallery-card">');
    expect(html('write')).toContain('<iframe width="200" height="113" src="https://www.youtube.com/embed/hmH3XMlms8E');
    // A Markdown card's raw HTML (a script) stays HTML, for the converter to keep or drop.
    expect(html('integrations')).toContain('<script src="https://zapier.com/apps/embed/widget.js');
    expect(rendered.warnings).toEqual([]);
  });
});

describe('a 5.x export with Lexical content', () => {
  const bundle = readGhost(JSON.parse(V5) as object, { mediaDir });
  const post = (id: string) => bundle.posts.find((found) => found.sourceId === id)!;
  const html = (id: string) => {
    const body = post(id).body;
    return body.format === 'html' ? body.html : '';
  };

  it('renders a Lexical document into the HTML Ghost writes', () => {
    const body = html(WALKTHROUGH);
    expect(body).toContain(
      '<p>Field notes are written in <strong>Koenig</strong>, Ghost’s <em>Lexical</em> editor; this one shows <a href="https://ghost.org/docs/">every card</a> we read.</p>',
    );
    expect(body).toContain('<h2>Lists and quotes</h2>');
    expect(body).toContain('<li>Leave no trace<ul><li>Carry out what you carry in</li></ul></li>');
    expect(body).toContain('<ol><li>Find north</li><li>Walk</li></ol>');
    expect(body).toContain('<li>Pack the <code>tent</code></li><li>Check the <u><strong>weather</strong></u></li>');
    expect(body).toContain(
      'First line<br>second line H<sub>2</sub>O and E=mc<sup>2</sup> <s>struck</s> <mark>marked</mark>',
    );
    expect(body).toContain('<blockquote>The mountains are calling.</blockquote>');
    expect(body).toContain(
      '<figure class="kg-card kg-image-card"><img src="/content/images/2024/05/ridge.png" alt="The ridge at dawn"><figcaption>Dawn on the <b>ridge</b></figcaption></figure>',
    );
    expect(body).toContain(
      '<pre><code class="language-javascript">const trail = "north";\nif (trail) walk(trail);</code></pre>',
    );
    expect(body).toContain('<a class="kg-bookmark-container" href="https://ghost.org/">');
    expect(body).toContain('<hr><table><tr><td>Kept</td><td>as HTML</td></tr></table><h2>From Markdown</h2>');
    expect(body).toContain('<p>Some <em>emphasis</em> and a <a href="https://example.com">link</a>.</p>');
    expect(body).toContain('<div class="kg-callout-text"><p>Bring <b>water</b>.</p></div>');
    expect(body).toContain('<details class="kg-card kg-toggle-card"><summary><span>Is it steep?</span></summary>');
    expect(body).toContain('<a href="https://example.com/join" class="kg-btn">Join the walk</a>');
    expect(body).toContain('<!--members-only--><p>Only for paying members from here.</p>');
    expect(body).not.toContain('__GHOST_URL__');
    expect(bundle.warnings).toContainEqual({
      item: WALKTHROUGH,
      message: 'its signup card has no equivalent and was left out',
    });
  });

  it('reads status, visibility, pages, the primary author, tags in their order and the SEO fields', () => {
    expect(bundle.posts).toHaveLength(5);
    expect(post(WALKTHROUGH)).toMatchObject({
      kind: 'post',
      status: 'published',
      excerpt: 'Every card the reader renders.',
      featured: true,
      pinned: false,
      paid: true,
      authorId: '6640a1f0c2b7e2001f3a0401',
      tagIds: ['news', 'guides'],
      coverImage: '/content/images/2024/05/cover.png',
      seoTitle: 'Lexical walkthrough | Field Notes',
      seoDescription: 'How each Koenig card reads.',
      oldPaths: ['/lexical-walkthrough/'],
    });
    expect(post(NOTES)).toMatchObject({
      status: 'draft',
      paid: false,
      oldPaths: [],
      authorId: '6640a1f0c2b7e2001f3a0402',
    });
    expect(html(NOTES)).toBe(
      '<h2>Notes for members</h2><p><strong>Bold</strong> then <a href="/tag/news/">a link</a><br>after a soft return</p><hr><ol><li>first</li><li>second</li></ol><figure class="kg-card kg-image-card"><img src="/content/images/2023/11/notes.png" alt="Notes"><figcaption>A page of notes</figcaption></figure>',
    );
    expect(post(ABOUT)).toMatchObject({ kind: 'page', oldPaths: ['/about/'] });
    expect(post(COMING)).toMatchObject({ status: 'scheduled', publishedDate: '2030-01-01T07:00:00.000Z', paid: true });
    expect(post(INBOX).status).toBe('draft');
    expect(bundle.tags.map((tag) => tag.sourceId)).toEqual(['news', 'guides']);
    expect(bundle.warnings).toEqual(
      expect.arrayContaining([
        { item: '6640a1f0c2b7e2001f3a0203', message: 'internal tag #hidden skipped' },
        { item: WALKTHROUGH, message: 'co-authors 6640a1f0c2b7e2001f3a0402 not carried (a post has one author)' },
        { item: NOTES, message: 'members-only post read as public (the site has no such posts)' },
        { item: INBOX, message: 'status sent read as a draft' },
      ]),
    );
  });

  it('reads the members: subscribed by their newsletters, paid when paying or comped, one per address', () => {
    expect(bundle.people).toEqual([
      {
        email: 'reader@example.com',
        name: 'Free Reader',
        subscribed: true,
        paid: false,
        createdDate: '2024-02-01T10:00:00.000Z',
      },
      {
        email: 'patron@example.com',
        name: 'Paying Patron',
        subscribed: true,
        paid: true,
        createdDate: '2024-02-02T10:00:00.000Z',
      },
      { email: 'friend@example.com', subscribed: true, paid: true, createdDate: '2024-02-03T10:00:00.000Z' },
      {
        email: 'quiet@example.com',
        name: 'Quiet One',
        subscribed: false,
        paid: false,
        createdDate: '2024-02-04T10:00:00.000Z',
      },
    ]);
    expect(bundle.warnings).toContainEqual({
      item: '6640a1f0c2b7e2001f3a0605',
      message: 'a second member with Reader@Example.com skipped',
    });
  });

  it("finds the /content/images files in mediaDir, with the cover's alt and caption", async () => {
    const cover = bundle.media.find((item) => item.url === '/content/images/2024/05/cover.png')!;
    expect(cover).toMatchObject({ fileName: 'cover.png', alt: 'Tents under the stars' });
    expect(cover.caption).toBe('Photo by <a href="https://example.com">Jane</a>');
    expect(await cover.read!()).toEqual(new Uint8Array(readFileSync(path.join(mediaDir, '2024/05/cover.png'))));
    expect(bundle.authors[0]!.avatar).toBe('/content/images/2024/01/jane.png');
    const urls = bundle.media.map((item) => item.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/content/images/2024/01/jane.png', '/content/images/2024/05/ridge.png']),
    );
    expect(urls).toContain('https://images.unsplash.com/photo-1?w=2000');
    expect(urls).not.toContain('https://www.youtube.com/embed/hmH3XMlms8E?feature=oembed');
    expect(bundle.media.find((item) => item.url.endsWith('team.png'))!.read).toBeUndefined();
    expect(bundle.warnings).toContainEqual({
      item: '/content/images/2024/01/team.png',
      message: `its file was not found in ${path.join(mediaDir, '2024/01/team.png')}`,
    });
  });

  it('takes the export as text or as parsed JSON, and refuses what is not one', () => {
    expect(readGhost(V5).posts).toHaveLength(5);
    expect(readGhost({ db: [{ meta: {}, data: { posts: [] } }] }).posts).toEqual([]);
    expect(() => readGhost({ posts: [] })).toThrow('Not a Ghost export');
  });
});
