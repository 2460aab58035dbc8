import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMarkdownFolder } from '@/lib/transfer/sources/markdown-folder';

// The Markdown folder reader (lib/transfer/sources/markdown-folder.ts) on folders laid out as Hugo, Jekyll,
// Astro's blog template and Next.js's blog starter make them (tests/fixtures/import/markdown/README.md), and on a
// plain folder written here.

const FIXTURES = path.join(import.meta.dirname, '../fixtures/import/markdown');
const markdownOf = (post: { body: { format: string; markdown?: string } } | undefined) => post?.body.markdown ?? '';

describe('a Hugo site', async () => {
  const dir = path.join(FIXTURES, 'hugo');
  const bundle = await readMarkdownFolder(path.join(FIXTURES, 'hugo'));
  const post = (id: string) => bundle.posts.find((found) => found.sourceId === id)!;

  it("reads content/, less a section's list page, by each file's path", () => {
    expect(bundle.source).toBe('markdown');
    expect(bundle.posts.map((found) => found.sourceId)).toEqual([
      'content/about.md',
      'content/posts/my-first-post.md',
      'content/posts/post-3/index.md',
      'content/posts/quarry-walk/index.md',
      'content/posts/ridge-walk/index.md',
    ]);
    expect(bundle.warnings).toEqual([
      { item: 'content/posts/_index.md', message: "a section's list page, not a post: skipped" },
    ]);
  });

  it('reads TOML front matter, a draft as `hugo new` leaves it, and a page with JSON front matter', () => {
    expect(post('content/posts/my-first-post.md')).toMatchObject({
      title: 'My First Post',
      slug: 'my-first-post',
      status: 'draft',
      publishedDate: '2024-05-20T08:15:00.000Z',
      oldPaths: [],
      body: { format: 'markdown', markdown: 'A first post, still a draft as `hugo new` leaves it.\n' },
    });
    expect(post('content/about.md')).toMatchObject({
      kind: 'page',
      title: 'About',
      excerpt: 'Who writes here.',
      status: 'published',
      oldPaths: ['/about/'],
      body: { format: 'markdown', markdown: 'Two walkers, one blog.\n' },
    });
  });

  it("reads a page bundle: the folder's name as slug, its images from beside it", async () => {
    const bundled = post('content/posts/post-3/index.md');
    expect(bundled).toMatchObject({
      title: 'Post 3',
      slug: 'post-3',
      status: 'published',
      publishedDate: '2023-03-15T18:00:00.000Z',
      tagIds: ['red', 'green', 'blue'],
      oldPaths: ['/posts/post-3/'],
    });
    expect(markdownOf(bundled)).toContain('![Bryce Canyon National Park](</content/posts/post-3/bryce-canyon.jpg>)');
    const image = bundle.media.find((item) => item.url === '/content/posts/post-3/bryce-canyon.jpg')!;
    expect(image).toMatchObject({ fileName: 'bryce-canyon.jpg', alt: 'Bryce Canyon National Park' });
    expect(await image.read!()).toEqual(
      new Uint8Array(readFileSync(path.join(dir, 'content/posts/post-3/bryce-canyon.jpg'))),
    );
    expect(bundle.tags).toContainEqual({ sourceId: 'red', label: 'red', slug: 'red', oldPaths: ['/tags/red/'] });
  });

  it('maps slug, summary, lastmod, categories, author, aliases and PaperMod’s cover.image', () => {
    expect(post('content/posts/ridge-walk/index.md')).toMatchObject({
      title: 'Ridge walk',
      slug: 'the-ridge-walk',
      excerpt: 'Three days on the long ridge.',
      publishedDate: '2024-04-02T06:30:00.000Z',
      updatedDate: '2024-04-10T17:00:00.000Z',
      categoryIds: ['walks'],
      tagIds: ['hiking', 'maps'],
      authorId: 'jane-walker',
      coverImage: '/content/posts/ridge-walk/cover.png',
      oldPaths: ['/posts/the-ridge-walk/', '/2024/04/ridge/', '/old-ridge'],
    });
    expect(bundle.authors).toEqual([
      { sourceId: 'jane-walker', name: 'Jane Walker', slug: 'jane-walker', oldPaths: [] },
    ]);
    expect(bundle.categories).toEqual([
      { sourceId: 'walks', label: 'walks', slug: 'walks', oldPaths: ['/categories/walks/'] },
    ]);
  });

  it("tells two bundles' cover.png apart, in Markdown, HTML and reference images, and keeps root addresses", () => {
    const ridge = markdownOf(post('content/posts/ridge-walk/index.md'));
    expect(ridge).toContain('![The col](</content/posts/ridge-walk/cover.png> "Looking north")');
    expect(ridge).toContain('<img src="/content/posts/ridge-walk/cover.png" alt="The same, in HTML">');
    expect(ridge).toContain('![Trail sign](/images/sign.png)');
    expect(ridge).toContain('[map room](https://example.org/maps)');
    expect(markdownOf(post('content/posts/quarry-walk/index.md'))).toContain(
      '[cover]: </content/posts/quarry-walk/cover.png>',
    );
    expect(post('content/posts/quarry-walk/index.md').coverImage).toBe('/content/posts/quarry-walk/cover.png');
    expect(bundle.media.map((item) => item.url).sort()).toEqual([
      '/content/posts/post-3/bryce-canyon.jpg',
      '/content/posts/quarry-walk/cover.png',
      '/content/posts/ridge-walk/cover.png',
      '/images/sign.png',
    ]);
    expect(bundle.media.every((item) => item.read)).toBe(true);
  });
});

describe('a Jekyll site', async () => {
  const bundle = await readMarkdownFolder(path.join(FIXTURES, 'jekyll'));
  const post = (id: string) => bundle.posts.find((found) => found.sourceId === id)!;

  it('reads _posts and _drafts only, dates and slugs from the file names', () => {
    expect(bundle.posts.map((found) => found.sourceId)).toEqual([
      '_drafts/next-season.md',
      '_posts/2024-05-20-welcome-to-jekyll.markdown',
      '_posts/2024-06-01-trail-notes.md',
    ]);
    expect(post('_posts/2024-06-01-trail-notes.md')).toMatchObject({
      slug: 'trail-notes',
      publishedDate: '2024-06-01T00:00:00.000Z',
      status: 'published',
    });
    expect(post('_drafts/next-season.md')).toMatchObject({ status: 'draft', categoryIds: ['plans'], oldPaths: [] });
  });

  it("reads `jekyll new`'s welcome post: its date's offset, space-separated categories, its dated addresses", () => {
    const welcome = post('_posts/2024-05-20-welcome-to-jekyll.markdown');
    expect(welcome).toMatchObject({
      title: 'Welcome to Jekyll!',
      slug: 'welcome-to-jekyll',
      publishedDate: '2024-05-20T08:15:00.000Z',
      categoryIds: ['jekyll', 'update'],
      tagIds: [],
      oldPaths: ['/jekyll/update/2024/05/20/welcome-to-jekyll.html', '/2024/05/20/welcome-to-jekyll.html'],
    });
    // Its reference links are links, not images: neither rewritten nor listed as media.
    expect(markdownOf(welcome)).toContain('[jekyll]:      http://jekyllrb.com\n');
    expect(markdownOf(welcome)).toContain('{% highlight ruby %}');
  });

  it('maps category, tags, image, author and redirect_from; warns of a missing image', () => {
    expect(post('_posts/2024-06-01-trail-notes.md')).toMatchObject({
      categoryIds: ['travel'],
      tagIds: ['hiking', 'maps'],
      authorId: 'jane-walker',
      coverImage: '/assets/images/ridge.png',
      oldPaths: ['/travel/2024/06/01/trail-notes.html', '/2024/06/01/trail-notes.html', '/notes/trail/'],
    });
    expect(bundle.media.map((item) => item.url)).toEqual(['/assets/images/ridge.png']);
    expect(bundle.warnings).toEqual([
      {
        item: '_posts/2024-06-01-trail-notes.md',
        message: "missing.png was not found beside it or in the site's folders",
      },
    ]);
  });
});

describe("Astro's blog template", async () => {
  const bundle = await readMarkdownFolder(path.join(FIXTURES, 'astro'));

  it('reads src/content/blog, .md and .mdx, pubDate and heroImage from public/', async () => {
    expect(
      bundle.posts.map(({ sourceId, slug, publishedDate, excerpt, coverImage, oldPaths }) => ({
        sourceId,
        slug,
        publishedDate,
        excerpt,
        coverImage,
        oldPaths,
      })),
    ).toEqual([
      {
        sourceId: 'src/content/blog/first-post.md',
        slug: 'first-post',
        publishedDate: '2022-07-08T00:00:00.000Z',
        excerpt: 'Lorem ipsum dolor sit amet',
        coverImage: '/placeholder-hero.jpg',
        oldPaths: ['/blog/first-post'],
      },
      {
        sourceId: 'src/content/blog/using-mdx.mdx',
        slug: 'using-mdx',
        publishedDate: '2024-06-01T00:00:00.000Z',
        excerpt: 'Lorem ipsum dolor sit amet',
        coverImage: '/blog-placeholder-5.jpg',
        oldPaths: ['/blog/using-mdx'],
      },
    ]);
    expect(await bundle.media[0]!.read!()).toEqual(
      new Uint8Array(readFileSync(path.join(FIXTURES, 'astro/public/placeholder-hero.jpg'))),
    );
    expect(bundle.warnings).toEqual([
      {
        item: 'src/content/blog/using-mdx.mdx',
        message: 'MDX read as Markdown: its imports and components stay as text',
      },
      {
        item: 'src/content/blog/using-mdx.mdx',
        message: "/blog-placeholder-5.jpg was not found beside it or in the site's folders",
      },
    ]);
  });
});

describe("Next.js's blog starter", async () => {
  const bundle = await readMarkdownFolder(path.join(FIXTURES, 'next'));

  it('reads _posts/ with their author objects, cover images from public/ and drafts', () => {
    expect(bundle.posts.find((found) => found.slug === 'hello-world')).toMatchObject({
      title: 'Learn How to Pre-render Pages Using Static Generation with Next.js',
      publishedDate: '2020-03-16T05:35:07.322Z',
      authorId: 'tim-neutkens',
      coverImage: '/assets/blog/hello-world/cover.jpg',
      status: 'published',
      oldPaths: ['/posts/hello-world'],
    });
    expect(bundle.posts.find((found) => found.slug === 'draft')).toMatchObject({ status: 'draft', oldPaths: [] });
    expect(bundle.authors).toEqual([
      {
        sourceId: 'liran-cohen',
        name: 'Liran Cohen',
        slug: 'liran-cohen',
        avatar: '/assets/blog/authors/jj.jpeg',
        oldPaths: [],
      },
      {
        sourceId: 'tim-neutkens',
        name: 'Tim Neutkens',
        slug: 'tim-neutkens',
        avatar: '/assets/blog/authors/tim.jpeg',
        oldPaths: [],
      },
    ]);
    expect(bundle.media.map((item) => item.url)).toEqual([
      '/assets/blog/authors/tim.jpeg',
      '/assets/blog/hello-world/cover.jpg',
    ]);
  });
});

describe('a plain folder of Markdown files', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'markdown-folder-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'notes/2024'), { recursive: true });
  mkdirSync(path.join(dir, '.obsidian'));
  writeFileSync(path.join(dir, 'first.md'), '---\ntitle: First\ntags: maps, walks\npublished: false\n---\nHello.\n');
  writeFileSync(path.join(dir, 'notes/2024/no-front-matter.markdown'), 'Just text.\n');
  writeFileSync(path.join(dir, 'notes/moved.md'), '+++\ntitle = "Moved"\npermalink = "/old/moved.html"\n+++\nBody\n');
  writeFileSync(path.join(dir, 'broken.md'), '---\ntitle: Never closed\n');
  writeFileSync(path.join(dir, '.obsidian/ignored.md'), '# hidden\n');
  const bundle = await readMarkdownFolder(dir);
  const post = (id: string) => bundle.posts.find((found) => found.sourceId === id)!;

  it('reads every Markdown file under it, its own address being /blog/<slug>', () => {
    expect(bundle.posts.map((found) => found.sourceId)).toEqual([
      'first.md',
      'notes/2024/no-front-matter.markdown',
      'notes/moved.md',
    ]);
    expect(post('first.md')).toMatchObject({
      title: 'First',
      status: 'draft',
      tagIds: ['maps', 'walks'],
      oldPaths: [],
    });
    expect(post('notes/2024/no-front-matter.markdown')).toMatchObject({
      title: 'no front matter',
      slug: 'no-front-matter',
      status: 'published',
      oldPaths: ['/blog/no-front-matter'],
      body: { format: 'markdown', markdown: 'Just text.\n' },
    });
    expect(post('notes/moved.md')).toMatchObject({ slug: 'moved', oldPaths: ['/old/moved.html'] });
    expect(bundle.warnings).toEqual([
      {
        item: 'broken.md',
        message: 'its front matter could not be read (its front matter has no closing ---): skipped',
      },
      {
        item: 'notes/2024/no-front-matter.markdown',
        message: 'a post without a title: titled "no front matter" after its file',
      },
    ]);
  });
});
