// A WordPress eXtended RSS file, version 1.2, laid out as WordPress's Tools → Export writes it: RSS 2.0 with the
// excerpt, content, wfw, dc and wp namespaces; the site's address, its writers, categories and tags; then one item per
// post, and one per attachment (a media file, its address to download it from). Text is escaped, and what WordPress
// writes as CDATA is CDATA here too (a `]]>` inside split across two sections), so any XML parser reads it back as
// written. Only the layout lives here; export.ts says what goes in it.

export const WXR_NAMESPACES = {
  excerpt: 'http://wordpress.org/export/1.2/excerpt/',
  content: 'http://purl.org/rss/1.0/modules/content/',
  wfw: 'http://wellformedweb.org/CommentAPI/',
  dc: 'http://purl.org/dc/elements/1.1/',
  wp: 'http://wordpress.org/export/1.2/',
} as const;

export interface WxrAuthor {
  id: number;
  login: string;
  email?: string;
  displayName: string;
}

export interface WxrTerm {
  id: number;
  slug: string;
  name: string;
  description?: string;
  /** The parent category's slug (WordPress's tree). */
  parent?: string;
  /** Its term meta (`wp:termmeta`, WXR 1.2), as WordPress's exporter writes a term's. */
  meta?: Array<{ key: string; value: string }>;
}

export interface WxrItem {
  id: number;
  title: string;
  link: string;
  /** An ISO date; absent on a draft never published. */
  published?: string;
  modified?: string;
  creator: string;
  guid: string;
  /** The post's HTML. */
  content: string;
  excerpt: string;
  slug: string;
  /** publish, draft, future, private, pending; `inherit` for an attachment. */
  status: string;
  type: 'post' | 'attachment';
  parent?: number;
  sticky?: boolean;
  commentsOpen?: boolean;
  /** category elements: `category` or `post_tag`, the term's slug and name. */
  terms: Array<{ domain: 'category' | 'post_tag'; slug: string; name: string }>;
  meta: Array<{ key: string; value: string }>;
  /** An attachment's file, to download. */
  attachmentUrl?: string;
}

export interface WxrSite {
  title: string;
  link: string;
  description: string;
  language: string;
  /** When the file was made (ISO). */
  generated: string;
  authors: WxrAuthor[];
  categories: WxrTerm[];
  tags: WxrTerm[];
  items: WxrItem[];
}

const XML_INVALID = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const escapeXml = (text: unknown) =>
  String(text ?? '')
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** CDATA cannot hold "]]>": it is split across two sections. */
export const cdata = (text: unknown) =>
  `<![CDATA[${String(text ?? '')
    .replace(XML_INVALID, '')
    .replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** WordPress's date format, `2025-05-28 08:30:00` (UTC here: post_date and post_date_gmt alike). */
export const wpDate = (iso: string | undefined) =>
  iso && !Number.isNaN(Date.parse(iso))
    ? new Date(iso)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, '')
    : '0000-00-00 00:00:00';

/** RSS's date format (RFC 822), as WordPress writes it: `Wed, 28 May 2025 08:30:00 +0000`. */
export const rssDate = (iso: string) => new Date(iso).toUTCString().replace('GMT', '+0000');

const el = (indent: number, name: string, value: unknown, attributes = '') =>
  `${'\t'.repeat(indent)}<${name}${attributes}>${escapeXml(value)}</${name}>`;
const cd = (indent: number, name: string, value: unknown, attributes = '') =>
  `${'\t'.repeat(indent)}<${name}${attributes}>${cdata(value)}</${name}>`;

function author(a: WxrAuthor): string {
  return [
    '\t<wp:author>',
    el(2, 'wp:author_id', a.id),
    cd(2, 'wp:author_login', a.login),
    cd(2, 'wp:author_email', a.email ?? ''),
    cd(2, 'wp:author_display_name', a.displayName),
    cd(2, 'wp:author_first_name', ''),
    cd(2, 'wp:author_last_name', ''),
    '\t</wp:author>',
  ].join('\n');
}

/** A post's or a term's meta: `<wp:postmeta>` or `<wp:termmeta>`, a key and a value each. */
const meta = (indent: number, element: string, entries: Array<{ key: string; value: string }> = []) =>
  entries.map((entry) =>
    [
      `${'\t'.repeat(indent)}<${element}>`,
      cd(indent + 1, 'wp:meta_key', entry.key),
      cd(indent + 1, 'wp:meta_value', entry.value),
      `${'\t'.repeat(indent)}</${element}>`,
    ].join('\n'),
  );

const category = (term: WxrTerm) =>
  [
    '\t<wp:category>',
    el(2, 'wp:term_id', term.id),
    cd(2, 'wp:category_nicename', term.slug),
    cd(2, 'wp:category_parent', term.parent ?? ''),
    cd(2, 'wp:cat_name', term.name),
    ...(term.description ? [cd(2, 'wp:category_description', term.description)] : []),
    ...meta(2, 'wp:termmeta', term.meta),
    '\t</wp:category>',
  ].join('\n');

const tag = (term: WxrTerm) =>
  [
    '\t<wp:tag>',
    el(2, 'wp:term_id', term.id),
    cd(2, 'wp:tag_slug', term.slug),
    cd(2, 'wp:tag_name', term.name),
    ...(term.description ? [cd(2, 'wp:tag_description', term.description)] : []),
    ...meta(2, 'wp:termmeta', term.meta),
    '\t</wp:tag>',
  ].join('\n');

function item(i: WxrItem): string {
  const comments = i.commentsOpen === false ? 'closed' : 'open';
  return [
    '\t<item>',
    cd(2, 'title', i.title),
    el(2, 'link', i.link),
    el(2, 'pubDate', i.published ? rssDate(i.published) : ''),
    cd(2, 'dc:creator', i.creator),
    el(2, 'guid', i.guid, ' isPermaLink="false"'),
    el(2, 'description', ''),
    cd(2, 'content:encoded', i.content),
    cd(2, 'excerpt:encoded', i.excerpt),
    el(2, 'wp:post_id', i.id),
    cd(2, 'wp:post_date', wpDate(i.published)),
    cd(2, 'wp:post_date_gmt', wpDate(i.published)),
    cd(2, 'wp:post_modified', wpDate(i.modified ?? i.published)),
    cd(2, 'wp:post_modified_gmt', wpDate(i.modified ?? i.published)),
    cd(2, 'wp:comment_status', i.type === 'post' ? comments : 'closed'),
    cd(2, 'wp:ping_status', 'closed'),
    cd(2, 'wp:post_name', i.slug),
    cd(2, 'wp:status', i.status),
    el(2, 'wp:post_parent', i.parent ?? 0),
    el(2, 'wp:menu_order', 0),
    cd(2, 'wp:post_type', i.type),
    cd(2, 'wp:post_password', ''),
    el(2, 'wp:is_sticky', i.sticky ? 1 : 0),
    ...(i.attachmentUrl ? [cd(2, 'wp:attachment_url', i.attachmentUrl)] : []),
    ...i.terms.map((term) =>
      cd(2, 'category', term.name, ` domain="${term.domain}" nicename="${escapeXml(term.slug)}"`),
    ),
    ...meta(2, 'wp:postmeta', i.meta),
    '\t</item>',
  ].join('\n');
}

/** The site as a WXR 1.2 document. */
export function writeWxr(site: WxrSite): string {
  const namespaces = Object.entries(WXR_NAMESPACES)
    .map(([prefix, uri]) => `\n\txmlns:${prefix}="${uri}"`)
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    "<!-- This is a WordPress eXtended RSS file: an export of a blog, to import with WordPress's Tools → Import →",
    '     WordPress, or any importer of WXR files. Each post also carries its original rich content (Wix Ricos JSON)',
    '     in the _wix_ricos post meta, for an importer that takes it back whole. -->',
    `<rss version="2.0"${namespaces}\n>`,
    '',
    '<channel>',
    el(1, 'title', site.title),
    el(1, 'link', site.link),
    el(1, 'description', site.description),
    el(1, 'pubDate', rssDate(site.generated)),
    el(1, 'language', site.language),
    el(1, 'wp:wxr_version', '1.2'),
    el(1, 'wp:base_site_url', site.link),
    el(1, 'wp:base_blog_url', site.link),
    '',
    ...site.authors.map(author),
    '',
    ...site.categories.map(category),
    ...site.tags.map(tag),
    '',
    el(1, 'generator', 'wix-headless-blog export'),
    '',
    ...site.items.map(item),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
