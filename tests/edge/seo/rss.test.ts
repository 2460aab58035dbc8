import { describe, expect, it } from 'vitest';
import { renderRss } from '@/lib/edge/seo/rss';
import { renderSitemapIndex, renderUrlSet } from '@/lib/edge/seo/sitemap';
import { makePost } from '../../helpers/posts';

const channel = (title: string, html: string) =>
  renderRss({
    title: 'Blog & Co',
    link: 'http://x.test/',
    description: 'd',
    selfUrl: 'http://x.test/feed.xml',
    language: 'en',
    items: [
      { post: makePost(1, { title }), url: 'http://x.test/post/a?b=1&c=2', html, categories: ['A <b>'], image: null },
    ],
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
    expect(xml).toContain(
      '<url><loc>http://x.test/post/a&amp;b</loc><lastmod>2025-01-01T00:00:00.000Z</lastmod></url>',
    );
  });

  it('indexes parts', () => {
    expect(
      renderSitemapIndex(['http://x.test/sitemaps/0.xml', 'http://x.test/sitemaps/1.xml']).match(/<sitemap>/g),
    ).toHaveLength(2);
  });
});

describe('RSS images', () => {
  const withImage = (image: { url: string; length: number | null }) =>
    renderRss({
      title: 't',
      link: 'http://x.test/',
      description: 'd',
      selfUrl: 'http://x.test/feed.xml',
      language: 'en',
      items: [{ post: makePost(1), url: 'http://x.test/post/a', html: '', categories: [], image }],
    });

  it('an enclosure states the file’s real length and type', () => {
    expect(withImage({ url: 'http://x.test/media/hero.webp', length: 48213 })).toContain(
      '<enclosure url="http://x.test/media/hero.webp" type="image/webp" length="48213"/>',
    );
  });

  it('an image of unknown size is a Media RSS element, never an enclosure with a made-up length', () => {
    const xml = withImage({
      url: 'https://static.wixstatic.com/media/a~mv2.jpg/v1/fill/w_1200,h_630/a~mv2.jpg',
      length: null,
    });
    expect(xml).not.toContain('<enclosure');
    expect(xml).toContain(
      '<media:content url="https://static.wixstatic.com/media/a~mv2.jpg/v1/fill/w_1200,h_630/a~mv2.jpg" type="image/jpeg" medium="image"/>',
    );
    expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
  });
});

it('links its stylesheet, right after the XML declaration, so a browser shows a page', () => {
  expect(channel('t', '').split('\n').slice(0, 2)).toEqual([
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml-stylesheet type="text/css" href="/feed.css"?>',
  ]);
});
