import {
  emptyBundle,
  type Bundle,
  type SourceAuthor,
  type SourceMedia,
  type SourcePost,
  type SourceStatus,
  type Warning,
} from '../types';
import { wordpressHtml } from './wordpress-autop';
import type { Attachment } from './wordpress-shortcodes';
import { author, postTerm, readAuthors, readTerms, type Terms } from './wordpress-channel';
import { plainText } from './wordpress-html';
import { linkTranslations } from './originals';
import {
  attachment,
  keptFields,
  readComments,
  readMedia,
  ricosBody,
  SEO_DESCRIPTION,
  SEO_TITLE,
  seoField,
} from './wordpress-items';
import {
  attr,
  decodeSlug,
  field,
  list,
  parseChannel,
  pathOf,
  postMeta,
  text,
  uniquePaths,
  wpDate,
  type XmlNode,
} from './wordpress-xml';

// A WordPress export (Tools → Export: a WXR file, RSS with WordPress's own elements) read into a Bundle. Posts and
// pages become posts, with their terms, writer, comments, cover and old addresses (and, from this site's own export,
// their Ricos, language, translation's original, a draft's publication dates and the cover's alt text and size);
// attachments become media (their files taken from the uploads folder given with the export, when there is one), and
// are what a post's `[gallery]`, `[audio]` and `[video]` show (their captions a gallery's, as WordPress shows them).
// WordPress's own types (revisions, menus, templates) are left out, a word said only of what a person would miss.

export interface WordPressOptions {
  /** A folder with the site's uploads: the site's root (`wp-content/uploads/2013/03/x.jpg`), the uploads folder
   * (`2013/03/x.jpg`), or the files side by side (`x.jpg`). Without it, media are listed by address only. */
  mediaDir?: string;
}

const STATUS: Record<string, SourceStatus> = {
  publish: 'published',
  draft: 'draft',
  future: 'scheduled',
  private: 'private',
  pending: 'pending',
};

/** Types WordPress keeps for itself or for its theme: left out without a word. */
const INTERNAL = new Set([
  'revision',
  'auto-draft',
  'customize_changeset',
  'oembed_cache',
  'custom_css',
  'user_request',
  'wp_global_styles',
  'wp_template',
  'wp_template_part',
  'wp_font_family',
  'wp_font_face',
  'scheduled-action',
]);
const MENUS = new Set(['nav_menu_item', 'wp_navigation']);
/** Taxonomies with nothing to carry: a post's format (aside, gallery…) and a menu item's menu. */
const QUIET_TAXONOMIES = new Set(['post_format', 'nav_menu', 'link_category']);

interface Context {
  base: string;
  terms: Terms;
  authors: Map<string, SourceAuthor>;
  mediaById: Map<string, SourceMedia>;
  /** Each attachment's address by its `_wp_attached_file` (this site's export: the file's name in its media/). */
  mediaByFile: Map<string, string>;
  /** The export's attachments, as a post's `[gallery]`, `[audio]` and `[video]` find theirs. */
  attachments: Attachment[];
  taxonomies: Map<string, number>;
  /** This site's export: each post's id on the site (`_wix_id`) → its source id, and the original each translation
   * names (`_wix_translation_of`), by source id, resolved once every post is read. */
  wixIds: Map<string, string>;
  translations: Map<string, string>;
  warn: (w: Warning) => void;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** WordPress's own post id of a reusable block a block post uses (`<!-- wp:block {"ref":12} /-->`). */
const blockRefs = (html: string) => [...html.matchAll(/<!-- wp:block \{"ref":(\d+)/g)].map((m) => m[1]!);

function postTerms(item: XmlNode, ctx: Context) {
  const categoryIds = new Set<string>();
  const tagIds = new Set<string>();
  for (const node of list(item.category)) {
    const domain = attr(node, 'domain');
    if (domain === 'category') categoryIds.add(postTerm(ctx.terms, ctx.base, 'category', node) ?? '');
    else if (domain === 'post_tag' || domain === 'tag')
      tagIds.add(postTerm(ctx.terms, ctx.base, 'post_tag', node) ?? '');
    else if (domain && !QUIET_TAXONOMIES.has(domain)) ctx.taxonomies.set(domain, (ctx.taxonomies.get(domain) ?? 0) + 1);
  }
  categoryIds.delete('');
  tagIds.delete('');
  return { categoryIds: [...categoryIds], tagIds: [...tagIds] };
}

/** The post's addresses on the old site: its permalink, `?p=`/`?page_id=`, and the permalinks of its old slugs. */
function oldPaths(item: XmlNode, id: string, kind: 'post' | 'page', ctx: Context, oldSlugs: string[]): string[] {
  const link = pathOf(field(item, 'link'));
  const slug = field(item, 'wp:post_name');
  const renamed: string[] = [];
  const at = link && slug ? link.lastIndexOf(`/${slug}/`) : -1;
  for (const old of oldSlugs.map((s) => s.trim()).filter(Boolean))
    if (link && at >= 0) renamed.push(`${link.slice(0, at)}/${old}/${link.slice(at + slug.length + 2)}`);
  return uniquePaths([link, `${ctx.base}/?${kind === 'page' ? 'page_id' : 'p'}=${id}`, ...renamed]);
}

/** The login `dc:creator` names; a stray `<` or `>` (never part of a login: the test data has `>themereviewteam`)
 * left out when the rest names a known writer. */
function writer(creator: string, authors: Map<string, SourceAuthor>): string {
  const bare = creator.replace(/[<>]/g, '').trim();
  return authors.has(creator) || !authors.has(bare) ? creator : bare;
}

function readPost(item: XmlNode, kind: 'post' | 'page', ctx: Context): SourcePost | undefined {
  const id = field(item, 'wp:post_id');
  const title = plainText(field(item, 'title'));
  const wpStatus = field(item, 'wp:status');
  let status = STATUS[wpStatus];
  if (!status) {
    if (wpStatus === 'trash') ctx.warn({ item: id, message: `${kind} "${title}" is in the trash: not imported` });
    return undefined;
  }
  if (field(item, 'wp:post_password') && (status === 'published' || status === 'scheduled')) status = 'password';
  if (!title) ctx.warn({ item: id, message: `${kind} has no title` });

  const meta = postMeta(item);
  const content = field(item, 'content:encoded');
  const refs = blockRefs(content);
  if (refs.length)
    ctx.warn({ item: id, message: `uses reusable block ${refs.join(', ')}: its content is not in the post's` });

  const login = writer(field(item, 'dc:creator'), ctx.authors);
  if (login && !ctx.authors.has(login)) {
    ctx.authors.set(login, author(ctx.base, login));
    ctx.warn({ item: login, message: `writer "${login}" is not among the export's authors: imported by login` });
  }
  const thumbnail = meta.get('_thumbnail_id')?.[0]?.trim();
  const cover = thumbnail ? ctx.mediaById.get(thumbnail) : undefined;
  const coverImage = cover?.url;
  if (thumbnail && !coverImage)
    ctx.warn({ item: id, message: `featured image (attachment ${thumbnail}) is not in the export: no cover` });

  const excerpt = field(item, 'excerpt:encoded');
  const slug = field(item, 'wp:post_name');
  const publishedDate = wpDate(field(item, 'wp:post_date_gmt'), field(item, 'wp:post_date'));
  const updatedDate = wpDate(field(item, 'wp:post_modified_gmt'), field(item, 'wp:post_modified'));
  const commentStatus = field(item, 'wp:comment_status');
  const seoTitle = seoField(meta, SEO_TITLE);
  const seoDescription = seoField(meta, SEO_DESCRIPTION);
  // This site's own export: the post's Ricos whole, its language, featured, the original it translates.
  const ricos = ricosBody(meta, ctx.mediaByFile, id, ctx.warn);
  const language = meta.get('_wix_language')?.[0]?.trim();
  const featured = meta.get('_wix_featured')?.[0]?.trim() === '1';
  const [wixId, original] = ['_wix_id', '_wix_translation_of'].map((key) => meta.get(key)?.[0]?.trim());
  if (wixId && !ctx.wixIds.has(wixId)) ctx.wixIds.set(wixId, id);
  if (original) ctx.translations.set(id, original);
  return {
    sourceId: id,
    kind,
    title,
    ...(slug ? { slug: decodeSlug(slug) } : {}),
    body: ricos ?? { format: 'html', html: wordpressHtml(content, { postId: id, attachments: ctx.attachments }) },
    ...(excerpt ? { excerpt } : {}),
    status,
    ...(publishedDate ? { publishedDate } : {}),
    ...(updatedDate ? { updatedDate } : {}),
    ...postTerms(item, ctx),
    ...(login ? { authorId: login } : {}),
    ...(coverImage ? { coverImage } : {}),
    ...keptFields(meta, cover),
    ...(field(item, 'wp:is_sticky') === '1' ? { pinned: true } : {}),
    ...(featured ? { featured } : {}),
    ...(language ? { language } : {}),
    oldPaths: oldPaths(item, id, kind, ctx, meta.get('_wp_old_slug') ?? []),
    ...(commentStatus ? { commentingEnabled: commentStatus === 'open' } : {}),
    ...(seoTitle ? { seoTitle } : {}),
    ...(seoDescription ? { seoDescription } : {}),
  };
}

/** Reads a WordPress export (WXR 1.0–1.2, as Tools → Export writes it). */
export function readWordPress(xml: string, options: WordPressOptions = {}): Bundle {
  const channel = parseChannel(xml);
  const bundle = emptyBundle('wordpress');
  const warn = (w: Warning) => void bundle.warnings.push(w);
  const siteUrl = (
    field(channel, 'link') ||
    field(channel, 'wp:base_blog_url') ||
    field(channel, 'wp:base_site_url')
  ).replace(/\/+$/, '');
  if (siteUrl) bundle.siteUrl = siteUrl;
  const title = plainText(field(channel, 'title'));
  if (title) bundle.title = title;
  // A site in a folder (`https://example.com/blog`) has its addresses under it.
  const base = (siteUrl ? (pathOf(siteUrl) ?? '') : '').replace(/\?.*$/, '').replace(/\/+$/, '');

  const ctx: Context = {
    base,
    terms: readTerms(channel, base, warn),
    authors: readAuthors(channel, base),
    mediaById: new Map(),
    mediaByFile: new Map(),
    attachments: [],
    taxonomies: new Map(),
    wixIds: new Map(),
    translations: new Map(),
    warn,
  };
  const items = list(channel.item);
  // Attachments first: a post's featured image may come after the post.
  for (const item of items) {
    if (field(item, 'wp:post_type') !== 'attachment') continue;
    const media = readMedia(item, options.mediaDir);
    if (!media) {
      warn({ item: field(item, 'wp:post_id'), message: 'attachment without an address: not imported' });
      continue;
    }
    bundle.media.push(media);
    ctx.mediaById.set(field(item, 'wp:post_id'), media);
    ctx.attachments.push(attachment(item, media));
    const attached = postMeta(item).get('_wp_attached_file')?.[0]?.trim();
    if (attached && !ctx.mediaByFile.has(attached)) ctx.mediaByFile.set(attached, media.url);
  }

  const menus = new Map<string, number>();
  for (const item of items) {
    const type = field(item, 'wp:post_type');
    const id = field(item, 'wp:post_id');
    if (type === 'post' || type === 'page') {
      const post = readPost(item, type, ctx);
      if (post) {
        bundle.posts.push(post);
        bundle.comments.push(...readComments(item, id, post.publishedDate, warn));
        continue;
      }
    } else if (MENUS.has(type)) {
      const menu = list(item.category).find((c) => attr(c, 'domain') === 'nav_menu');
      const name = (menu && plainText(text(menu))) || plainText(field(item, 'title')) || type;
      menus.set(name, (menus.get(name) ?? 0) + 1);
    } else if (type === 'wp_block') {
      const name = plainText(field(item, 'title'));
      warn({ item: id, message: `reusable block "${name}" not imported: the posts that use it lose its content` });
    } else if (
      type !== 'attachment' &&
      !INTERNAL.has(type) &&
      (field(item, 'title') || field(item, 'content:encoded'))
    ) {
      warn({ item: id, message: `item of type "${type}" not imported: only posts, pages and attachments are` });
    }
    const lost = list(item['wp:comment']).length;
    if (lost) warn({ item: id, message: `${plural(lost, 'comment')} on this ${type || 'item'} not imported` });
  }
  linkTranslations(bundle.posts, ctx.translations, warn, ctx.wixIds);
  if (menus.size) {
    const count = [...menus.values()].reduce((a, b) => a + b, 0);
    warn({
      item: 'nav_menu',
      message: `${plural(menus.size, 'menu')} (${[...menus.keys()].join(', ')}; ${plural(count, 'item')}) not imported: the site has its own navigation`,
    });
  }
  for (const [taxonomy, count] of ctx.taxonomies)
    warn({ item: taxonomy, message: `terms of the "${taxonomy}" taxonomy on ${plural(count, 'item')} not imported` });

  bundle.categories = [...ctx.terms.categories.values()];
  bundle.tags = [...ctx.terms.tags.values()];
  bundle.authors = [...ctx.authors.values()];
  return bundle;
}
