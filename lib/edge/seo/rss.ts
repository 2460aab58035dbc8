import { mediaType } from '@/lib/blog/view';
import type { Post } from '@/lib/blog/types';

export interface RssChannel {
  title: string;
  link: string;
  description: string;
  selfUrl: string;
  language: string;
  items: {
    post: Post;
    url: string;
    html: string;
    categories: string[];
    image?: RssImage | null;
    /** The writer's name, as `<dc:creator>` (RSS's own `<author>` must be an e-mail address: never one here). */
    author?: string | null;
  }[];
}

export interface RssImage {
  url: string;
  /** Bytes, when known: an enclosure must state its length; otherwise the image is a Media RSS element. */
  length: number | null;
}

/** An image's type from its URL; JPEG when the URL does not say (Wix CDN URLs carry no extension). */
export const imageType = (url: string) => {
  const type = mediaType(url);
  return type?.startsWith('image/') ? type : 'image/jpeg';
};

function imageElement({ url, length }: RssImage): string {
  const attributes = `url="${escapeXml(url)}" type="${imageType(url)}"`;
  return length === null
    ? `      <media:content ${attributes} medium="image"/>`
    : `      <enclosure ${attributes} length="${length}"/>`;
}

const XML_INVALID = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const escapeXml = (text: string) =>
  text
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** CDATA cannot hold "]]>", so it is split across two sections. */
const cdata = (text: string) => `<![CDATA[${text.replace(XML_INVALID, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export function renderRss(channel: RssChannel): string {
  const items = channel.items.map(({ post, url, html, categories, image, author }) =>
    [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(post.id)}</guid>`,
      post.firstPublishedDate ? `      <pubDate>${new Date(post.firstPublishedDate).toUTCString()}</pubDate>` : '',
      author ? `      <dc:creator>${escapeXml(author)}</dc:creator>` : '',
      `      <description>${escapeXml(post.excerpt)}</description>`,
      ...categories.map((c) => `      <category>${escapeXml(c)}</category>`),
      image ? imageElement(image) : '',
      `      <content:encoded>${cdata(html)}</content:encoded>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // Shown as a page, not raw XML, to a reader who opens the feed in a browser (public/feed.css).
    '<?xml-stylesheet type="text/css" href="/feed.css"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language)}</language>`,
    `    <atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
