import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { autop, needsAutop } from '@/lib/transfer/sources/wordpress-autop';
import { readWordPress } from '@/lib/transfer/sources/wordpress';
import type { SourcePost } from '@/lib/transfer/types';

// The WordPress reader against WordPress's own test export (WPTT's theme unit test data, kept as published: see the
// README beside it), and a small hand-made export for what that one lacks (classic line breaks, spam, a site in a
// folder, an uploads folder). The counts are the file's own, found with plain text searches, not with the parser.

const FIXTURES = path.resolve('tests/fixtures/import/wordpress');
const XML = readFileSync(path.join(FIXTURES, 'themeunittestdata.wordpress.xml'), 'utf8');
const bundle = readWordPress(XML);

const count = (text: string) => XML.split(text).length - 1;
/** How many times the file says it: `<tag>value</tag>` or `<tag><![CDATA[value]]></tag>`. */
const occurrences = (tag: string, value: string) =>
  count(`<${tag}>${value}</${tag}>`) + count(`<${tag}><![CDATA[${value}]]></${tag}>`);
const post = (title: string) => {
  const found = bundle.posts.find((p) => p.title === title || p.sourceId === title);
  if (!found) throw new Error(`no post "${title}"`);
  return found;
};
const html = (p: SourcePost) => (p.body.format === 'html' ? p.body.html : '');

describe('readWordPress: the theme unit test data', () => {
  it('takes every post, page and attachment, and as many terms, writers and comments as the file holds', () => {
    const channel = { siteUrl: 'https://wpthemetestdata.wordpress.com', title: 'Theme Unit Test Data' };
    expect(bundle).toMatchObject({ source: 'wordpress', ...channel, people: [] });
    const pings = occurrences('wp:comment_type', 'pingback') + occurrences('wp:comment_type', 'trackback');
    const found = {
      posts: bundle.posts.filter((p) => p.kind === 'post').length,
      pages: bundle.posts.filter((p) => p.kind === 'page').length,
      media: bundle.media.length,
      categories: bundle.categories.length,
      tags: bundle.tags.length,
      authors: bundle.authors.length,
      comments: bundle.comments.length,
    };
    expect(found).toEqual({
      posts: occurrences('wp:post_type', 'post'),
      pages: occurrences('wp:post_type', 'page'),
      media: occurrences('wp:post_type', 'attachment'),
      categories: count('<wp:category>'),
      // The defined ones, and 4 the posts name without a definition.
      tags: count('<wp:tag>') + 4,
      authors: count('<wp:author>'),
      comments: count('<wp:comment>') - pings,
    });
    expect(found).toEqual({ posts: 58, pages: 21, media: 37, categories: 68, tags: 114, authors: 2, comments: 29 });
    expect(pings).toBe(4);
    const undefinedTags = ['columns', 'content', 'sample', 'test-tag'];
    expect(bundle.tags.map((t) => t.sourceId)).toEqual(expect.arrayContaining(undefinedTags));
    expect(bundle.authors.map((a) => a.sourceId)).toEqual(['themedemos', 'themereviewteam']);
  });

  it('skips the menus with one word, and says which post has no title', () => {
    expect(occurrences('wp:post_type', 'nav_menu_item')).toBe(70);
    expect(bundle.warnings.map((w) => `${w.item}: ${w.message}`)).toEqual([
      '1149: 2 pingbacks and 2 trackbacks not imported',
      '1169: post has no title',
      'nav_menu: 5 menus (Testing Menu, Social menu, Short, All Pages Flat, All Pages; 70 items) not imported: the site has its own navigation',
    ]);
    expect(post('1169')).toMatchObject({ title: '', slug: 'edge-case-no-title' });
  });

  it('maps states: sticky, password, draft, scheduled', () => {
    expect(post('Template: Sticky')).toMatchObject({ pinned: true, status: 'published' });
    expect(bundle.posts.filter((p) => p.pinned).map((p) => p.title)).toEqual(['Template: Sticky']);
    expect(post('Template: Password Protected (the password is "enter")').status).toBe('password');
    expect(post('Draft')).toMatchObject({ status: 'draft', oldPaths: ['/?p=1164'] });
    expect(post('Draft').slug).toBeUndefined();
    expect(post('Scheduled')).toMatchObject({ status: 'scheduled', publishedDate: '2030-01-01T19:00:18.000Z' });
    expect(new Set(bundle.posts.map((p) => p.status))).toEqual(
      new Set(['published', 'draft', 'scheduled', 'password']),
    );
  });

  it('reads the fields of posts and pages', () => {
    expect(post('Template: Comments')).toMatchObject({
      sourceId: '1148',
      kind: 'post',
      slug: 'template-comments',
      publishedDate: '2012-01-03T17:11:37.000Z',
      authorId: 'themedemos',
      categoryIds: ['classic', 'template-2', 'uncategorized'],
      tagIds: ['comments-2', 'template'],
      commentingEnabled: true,
      oldPaths: ['/2012/01/03/template-comments/', '/?p=1148'],
    });
    expect(post('Page with comments')).toMatchObject({
      kind: 'page',
      oldPaths: ['/about/page-with-comments/', '/?page_id=155'],
    });
    expect(post('WP 6.1 Font size scale').updatedDate).toBe('2023-01-16T07:16:52.000Z');
    expect(post('Template: Comments Disabled').commentingEnabled).toBe(false);
    expect(post('Template: Excerpt (Defined)').excerpt).toMatch(
      /^This is a user-defined post excerpt\. It <em>should<\/em>/,
    );
    expect(post('Template: Excerpt (Generated)').excerpt).toBeUndefined();
    // Titles are text: markup dropped, entities decoded.
    expect(post('1173').title).toBe('Markup: Title With Markup');
    expect(post('1174').title).toBe(`Markup: Title With Special Characters ~\`!@#$%^&*()-_=+{}[]/\\;:'"?,.>`);
    // A non-ASCII slug decoded; the old path as the address had it, its doubled slash made one.
    expect(XML).toContain('<link>https://wpthemetestdata.wordpress.com//greek/%ce%b5');
    expect(post('1811')).toMatchObject({
      slug: 'επίπεδο-2',
      oldPaths: ['/greek/%ce%b5%cf%80%ce%af%cf%80%ce%b5%ce%b4%ce%bf-2/', '/?page_id=1811'],
    });
    // `>themereviewteam` (a typo of the file's) is the writer it names.
    expect(XML).toContain('<dc:creator>>themereviewteam</dc:creator>');
    expect(new Set(bundle.posts.map((p) => p.authorId))).toEqual(new Set(['themedemos', 'themereviewteam']));
  });

  it('takes the featured image as the cover, by its attachment, and lists attachments as media', () => {
    const cover = post('Template: Featured Image (Horizontal)').coverImage;
    expect(cover).toBe('https://wpthemetestdata.files.wordpress.com/2013/03/featured-image-horizontal.jpg');
    expect(bundle.media.map((m) => m.url)).toContain(cover);
    expect(post('Template: Featured Image (Vertical)').coverImage).toMatch(/featured-image-vertical\.jpg$/);
    expect(bundle.posts.filter((p) => p.coverImage)).toHaveLength(occurrences('wp:meta_key', '_thumbnail_id'));
    // Attachments are media by address (no folder given: no file), with their alt text and caption.
    const canola = bundle.media.find((m) => m.fileName === 'canola2.jpg');
    expect(canola).toMatchObject({
      url: 'https://wpthemetestdata.files.wordpress.com/2008/06/canola2.jpg',
      alt: 'canola',
    });
    expect(canola!.caption).toMatch(/^Lorem ipsum dolor sit amet/);
    expect(bundle.media.every((m) => m.read === undefined && m.fileName)).toBe(true);
  });

  it('keeps threads and pending comments, and counts out pingbacks and trackbacks', () => {
    const comments = new Map(bundle.comments.filter((c) => c.postId === '1148').map((c) => [c.sourceId, c]));
    expect(comments.size).toBe(20);
    const thread: string[] = [];
    for (let c = comments.get('915'); c; c = comments.get(c.parentId ?? '')) thread.push(c.sourceId);
    expect(thread).toEqual(['915', '914', '913', '912', '911', '910', '907', '906', '905', '904']);
    expect(comments.get('881')).toMatchObject({
      authorName: 'John Γιάννης Doe Κάποιος',
      authorEmail: 'example@example.org',
      authorUrl: 'http://example.org/',
      date: '2012-09-03T17:18:04.000Z',
      approved: true,
      html: expect.stringMatching(/^<strong>Headings<\/strong>\n<h1>Header one<\/h1>/) as string,
    });
    expect(comments.get('881')!.parentId).toBeUndefined();
    expect(bundle.comments.filter((c) => !c.approved)).toHaveLength(occurrences('wp:comment_approved', '0'));
    expect(bundle.comments.filter((c) => c.postId === '1149')).toHaveLength(1);
  });

  it('reads the category tree and the terms’ and writers’ addresses', () => {
    const categories = new Map(bundle.categories.map((c) => [c.sourceId, c]));
    const chain: string[] = [];
    for (let c = categories.get('grandchild-category'); c; c = categories.get(c.parentId ?? '')) chain.push(c.label);
    expect(chain).toEqual(['Grandchild Category', 'Child Category 03', 'Parent Category']);
    expect(categories.get('grandchild-category')).toMatchObject({
      slug: 'grandchild-category',
      description: 'This is a description for the Grandchild Category.',
      oldPaths: [
        '/category/parent-category/child-category-03/grandchild-category/',
        '/category/grandchild-category/',
        '/?cat=57037077',
      ],
    });
    const aciform = { sourceId: 'aciform', label: 'aciform', slug: 'aciform' };
    expect(categories.get('aciform')).toEqual({ ...aciform, oldPaths: ['/category/aciform/', '/?cat=2835016'] });
    const tag = { label: '8BIT', description: 'Tags posts about 8BIT.', oldPaths: ['/tag/8bit/', '/?tag=8bit'] };
    expect(bundle.tags.find((t) => t.sourceId === '8bit')).toMatchObject(tag);
    expect(bundle.authors[0]).toEqual({
      sourceId: 'themedemos',
      name: 'Theme Buster',
      email: 'themeshaperwp+demos@gmail.com',
      slug: 'themedemos',
      oldPaths: ['/author/themedemos/'],
    });
  });

  it('leaves block-editor content as it is and gives classic content its paragraphs', () => {
    expect(bundle.posts.filter((p) => html(p).includes('<!-- wp:'))).toHaveLength(19);
    const blocks = html(post('WP 6.1 Font size scale'));
    expect(blocks).toMatch(/^<!-- wp:paragraph -->\n<p>This test post was generated/);
    expect(blocks).toMatch(/<p class="has-x-large-font-size">Extra Large paragraph<\/p>\n<!-- \/wp:paragraph -->$/);
    expect(blocks).not.toContain('<br />');
    expect(html(post('Template: Comments'))).toMatch(
      /^<p>This post tests comments in the following ways\.<\/p>\n<ul>\n\t<li>Threaded comments up to 10 levels deep<\/li>/,
    );
    expect(html(post('Template: Paginated'))).toBe(
      '<p>Post Page 1</p>\n<!--nextpage-->\n<p>Post Page 2</p>\n<!--nextpage-->\n<p>Post Page 3</p>\n',
    );
    const markup = html(post('Markup: HTML Tags and Formatting'));
    expect(markup).toContain('<blockquote><p>Stay hungry. Stay foolish.</p></blockquote>');
    expect(markup).toContain('<address>1 Infinite Loop<br />\nCupertino, CA 95014<br />\nUnited States</address>');
    // A <pre> is left exactly as written, outside any paragraph.
    const source = XML.slice(XML.indexOf('<title>Markup: HTML Tags and Formatting</title>'));
    const pre = /<pre>[\s\S]*?<\/pre>/.exec(source)![0];
    expect(markup).toContain(`\n${pre}\n<p><strong>Quote Tag</strong>`);
  });
});

describe('readWordPress: a hand-made export', () => {
  const classic = readFileSync(path.join(FIXTURES, 'classic.wxr.xml'), 'utf8');
  const small = readWordPress(classic, { mediaDir: path.join(FIXTURES, 'media') });
  const byId = (id: string) => small.posts.find((p) => p.sourceId === id)!;
  const UPLOADS = 'https://example.com/blog/wp-content/uploads/2019/05';

  it('gives a classic post its paragraphs and line breaks, as wpautop does', () => {
    // A blank line inside <strong>…</strong> does not cut it in two; `]]>` came in two CDATA sections. Its
    // `[gallery ids="50,51"]` is shown as WordPress shows it, given the export's attachments: 50 is no image (a text
    // file), 51 is, with its alt text and its caption (its excerpt).
    expect(html(byId('10'))).toBe(readFileSync(path.join(FIXTURES, 'classic-hello.expected.html'), 'utf8'));
    // Block content keeps its line breaks as the editor wrote them.
    expect(html(byId('11'))).toContain('<p>A block paragraph\nwith a line break the editor keeps as is.</p>');
  });

  it('reads the whole export: classic.expected.json, reviewed by hand', () => {
    const expected = JSON.parse(readFileSync(path.join(FIXTURES, 'classic.expected.json'), 'utf8')) as unknown;
    const posts = small.posts.map(({ body: _body, ...rest }) => rest);
    const media = small.media.map(({ read: _read, ...rest }) => rest);
    expect({ ...small, posts, media }).toEqual(expected);
    // What it holds of note: a password on a draft leaves it a draft; trash, auto-drafts, revisions are not posts.
    const states = small.posts.map((p) => `${p.sourceId} ${p.status}`).join(', ');
    expect(states).toBe('10 published, 11 published, 12 draft, 13 private, 14 pending, 20 published');
    // A site in a folder: its old paths are under it. An old slug is an old path.
    expect(byId('10').oldPaths).toEqual(['/blog/2019/05/20/hello/', '/blog/?p=10', '/blog/2019/05/20/hello-world/']);
    expect(byId('10').seoTitle).toBeUndefined(); // Yoast's template (`%%title%%`), not a title
    // No GMT date: the local one stands in. Escaped text is decoded once for XML, once for HTML.
    expect(byId('12')).toMatchObject({ title: 'Tom & Jerry’s draft', publishedDate: '2019-06-01T12:00:00.000Z' });
    // A reply to spam answers the comment above the spam; a pending comment is kept, unapproved.
    const comments = small.comments.map((c) => [c.sourceId, c.parentId ?? '-', c.approved]);
    expect(comments).toEqual([
      ['100', '-', true],
      ['101', '100', true],
      ['103', '100', false],
    ]);
  });

  it('says what it left out', () => {
    expect(small.warnings.map((w) => `${w.item}: ${w.message}`)).toEqual([
      'orphan: category\'s parent "gone" is not in the export: imported without it',
      '10: 2 spam or trashed comments not imported',
      '10: 1 pingback not imported',
      "11: uses reusable block 30: its content is not in the post's",
      '13: featured image (attachment 99) is not in the export: no cover',
      'guest: writer "guest" is not among the export\'s authors: imported by login',
      '15: post "Thrown away" is in the trash: not imported',
      '30: reusable block "Newsletter sign-up" not imported: the posts that use it lose its content',
      '42: item of type "product" not imported: only posts, pages and attachments are',
      '51: 1 comment on this attachment not imported',
      'nav_menu: 1 menu (Main; 1 item) not imported: the site has its own navigation',
      'series: terms of the "series" taxonomy on 1 item not imported',
    ]);
  });

  const tmp = mkdtempSync(path.join(tmpdir(), 'wp-media-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('reads a media file from the uploads folder given with the export, by its path or its name; refuses a non-export', async () => {
    const file = path.join(FIXTURES, 'media/wp-content/uploads/2019/05/notes.txt');
    copyFileSync(file, path.join(tmp, 'notes.txt'));
    for (const mediaDir of [path.join(FIXTURES, 'media'), path.join(FIXTURES, 'media/wp-content/uploads'), tmp]) {
      const [notes, sunset] = readWordPress(classic, { mediaDir }).media;
      expect(notes).toMatchObject({ url: `${UPLOADS}/notes.txt`, fileName: 'notes.txt' });
      expect(Buffer.from(await notes!.read!()).toString()).toBe(readFileSync(file, 'utf8'));
      expect(sunset).toMatchObject({ url: `${UPLOADS}/sunset%20red.jpg`, fileName: 'sunset red.jpg' });
      expect(sunset!.read).toBeUndefined();
    }
    expect(readWordPress(classic).media[0]!.read).toBeUndefined();
    expect(() => readWordPress('<html><body>hi</body></html>')).toThrow(/not a WordPress export/);
  });
});

describe('wpautop', () => {
  it('applies to classic content only', () => {
    const classic = ['One\n\nTwo', '<img src="a.jpg" />', 'text\n<ul>\n<li>Two</li>\n</ul>'];
    const formatted = [
      '<p>One</p>\n\n<ul>\n<li>Two</li>\n</ul>',
      '<!-- wp:paragraph -->\nOne\n<!-- /wp:paragraph -->',
      '<!--more-->\n',
    ];
    expect([...classic, ...formatted].map(needsAutop)).toEqual([true, true, true, false, false, false]);
  });

  it('makes paragraphs and breaks, and nothing inside tags, pre or script', () => {
    const cases: [string, string][] = [
      ['a\nb\n\n\n c', '<p>a<br />\nb</p>\n<p>c</p>\n'],
      ['a<br />\nb', '<p>a<br />\nb</p>\n'],
      ['a <img\nsrc="x.jpg"\nalt="x > y">\nb', '<p>a <img\nsrc="x.jpg"\nalt="x > y"><br />\nb</p>\n'],
      ['x\n<script>\nvar a;\n\nvar b;\n</script>', '<p>x<br />\n<script>\nvar a;\n\nvar b;\n</script></p>\n'],
      ['<pre>\n a\n\n b\n</pre>\nafter', '<pre>\n a\n\n b\n</pre>\n<p>after</p>\n'],
      ['<table><tr>\n<td>a\nb</td></tr></table>\nc', '<table><tr>\n<td>a<br />\nb</td></tr></table>\n<p>c</p>\n'],
      ['<ul>\n<li>one\n<li>two\n</ul>', '<ul>\n<li>one\n<li>two\n</ul>\n'],
      ['\r\n  \r\n', ''],
    ];
    for (const [input, output] of cases) expect(autop(input)).toBe(output);
  });
});
