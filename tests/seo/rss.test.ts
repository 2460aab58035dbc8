import { describe, expect, it } from 'vitest';
import { renderRss } from '@/lib/seo/rss';
import { renderSitemapIndex, renderUrlSet } from '@/lib/seo/sitemap';
import { makePost } from '../helpers/posts';

const channel = (title: string, html: string) =>
  renderRss({
    title: 'Blog & Co',
    link: 'http://x.test/',
    description: 'd',
    selfUrl: 'http://x.test/feed.xml',
    language: 'en',
    items: [{ post: makePost(1, { title }), url: 'http://x.test/post/a?b=1&c=2', html, categories: ['A <b>'], image: null }],
  });

describe('RSS', () => {
  it('escapes text and keeps HTML content in CDATA, even when it contains "]]>"', () => {
    const xml = channel('Fish & <Chips> "quoted"', '<p>a ]]> b</p>');
    expect(xml).toContain('<title>Fish &amp; &lt;Chips&gt; &quot;quoted&quot;</title>');
    expect(xml).toContain('<link>http://x.test/post/a?b=1&amp;c=2</link>');
    expect(xml).toContain('<category>A &lt;b&gt;</category>');
    expect(xml).toContain('<content:encoded><![CDATA[<p>a ]]]]><![CDATA[> b</p>]]></content:encoded>');
    expect(xml).toContain('<title>Blog &amp; Co</title>');
  });

  it('drops characters XML cannot hold', () => {
    const xml = channel('bell\u0007 and nul\u0000', '<p>\u0001</p>');
    expect(xml).toContain('<title>bell and nul</title>');
    expect(xml).not.toMatch(/[\u0000\u0001\u0007]/);
  });

  it('dates items in RFC 822', () => {
    expect(channel('t', '')).toContain(`<pubDate>${new Date(makePost(1).firstPublishedDate!).toUTCString()}</pubDate>`);
  });
});

describe('sitemap', () => {
  it('lists URLs with their dates, escaped', () => {
    const xml = renderUrlSet([{ url: 'http://x.test/post/a&b', lastModified: '2025-01-01T00:00:00.000Z' }]);
    expect(xml).toContain('<url><loc>http://x.test/post/a&amp;b</loc><lastmod>2025-01-01T00:00:00.000Z</lastmod></url>');
  });

  it('indexes parts', () => {
    expect(renderSitemapIndex(['http://x.test/sitemaps/0.xml', 'http://x.test/sitemaps/1.xml']).match(/<sitemap>/g)).toHaveLength(2);
  });
});
