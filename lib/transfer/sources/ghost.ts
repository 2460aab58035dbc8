import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unescape } from 'node:querystring';
import type * as Md from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { type DefaultTreeAdapterTypes as T, parseFragment } from 'parse5';
import { type Bundle, emptyBundle, type SourceBody, type SourceMedia, type SourceStatus } from '../types';

// A Ghost export (Settings → Labs → Export: `{db: [{meta, data}]}`, the database's tables by name) read into a Bundle.
// A post's content is its `html` when the export has it (Ghost stores the rendered HTML beside the editor's document);
// else its Lexical document (Ghost 5 and on) or its Mobiledoc (Ghost 1 to 4) is rendered here, card by card, into the
// markup Ghost's own renderer writes (`kg-*` classes), so the converter meets one shape whatever the editor was. Ghost
// writes its own address as `__GHOST_URL__`: it is dropped, which leaves the site's paths (`/content/images/…`), found
// on disk under `options.mediaDir` (Ghost's content/images folder; content/media and content/files beside it).

/** `mediaDir`: Ghost's `content/images` folder, whose files the export's `/content/images/…` addresses name. */
export type GhostOptions = { mediaDir?: string };

type Row = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const rows = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((row): row is Row => typeof row === 'object' && row !== null) : [];
const esc = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const attr = (text: unknown) => esc(String(text ?? '')).replaceAll('"', '&quot;');
/** An address as the old site's own: `__GHOST_URL__/content/…` becomes `/content/…`, `//host/…` `https://host/…`. */
const local = (url: string) => url.replaceAll('__GHOST_URL__', '').replace(/^\/\//, 'https://');

/** Ghost's dates: ISO strings or, in the oldest exports, milliseconds. */
function iso(value: unknown): string | undefined {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}
const wrap = (tag: string, html: string) => html && `<${tag}>${html}</${tag.split(' ')[0]}>`;

const figure = (kind: string, inner: string, caption?: string) =>
  `<figure class="kg-card kg-${kind}-card">${inner}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
const img = (image: Row) =>
  `<img src="${attr(local(str(image.src) ?? ''))}" alt="${attr(image.alt)}"${str(image.title) ? ` title="${attr(image.title)}"` : ''}>`;
const code = (text: string, language?: string) =>
  `<pre><code${language ? ` class="language-${attr(language)}"` : ''}>${esc(text)}</code></pre>`;
const markdown = (text: string) =>
  markdownHtml(fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));

type Card = (text: (key: string) => string, node: Row, caption?: string) => string;
/** The cards of either editor (Lexical's decorator nodes carry Mobiledoc's payloads), as Ghost renders them. */
const CARDS: Record<string, Card> = {
  image: (text, node, caption) =>
    figure('image', text('href') ? `<a href="${attr(text('href'))}">${img(node)}</a>` : img(node), caption),
  gallery: (_, node, caption) =>
    figure('gallery', `<div class="kg-gallery-container">${rows(node.images).map(img).join('')}</div>`, caption),
  code: (text, _, caption) =>
    caption ? figure('code', code(text('code'), text('language')), caption) : code(text('code'), text('language')),
  embed: (text, _, caption) =>
    figure('embed', text('html') || `<a href="${attr(text('url'))}">${esc(text('url'))}</a>`, caption),
  bookmark: (text, node, caption) => {
    const meta = (node.metadata ?? {}) as Row;
    const [title, about] = [esc(str(meta.title) ?? text('url')), esc(str(meta.description) ?? '')];
    const content = `<div class="kg-bookmark-title">${title}</div><div class="kg-bookmark-description">${about}</div>`;
    return figure('bookmark', `<a class="kg-bookmark-container" href="${attr(text('url'))}">${content}</a>`, caption);
  },
  hr: () => '<hr>',
  html: (text) => text('html'),
  markdown: (text) => markdown(text('markdown')),
  callout: (text) =>
    `<div class="kg-card kg-callout-card"><div class="kg-callout-emoji">${esc(text('calloutEmoji'))}</div>` +
    `<div class="kg-callout-text">${text('calloutText')}</div></div>`,
  toggle: (text) =>
    `<details class="kg-card kg-toggle-card"><summary>${text('heading')}</summary>${text('content')}</details>`,
  button: (text) => `<p><a href="${attr(text('buttonUrl'))}" class="kg-btn">${esc(text('buttonText'))}</a></p>`,
  video: (text, _, caption) => figure('video', `<video src="${attr(local(text('src')))}" controls></video>`, caption),
  audio: (text, _, caption) => figure('audio', `<audio src="${attr(local(text('src')))}" controls></audio>`, caption),
  file: (text, _, caption) =>
    figure('file', `<a href="${attr(local(text('src')))}">${esc(text('fileTitle') || text('fileName'))}</a>`, caption),
  paywall: () => '<!--members-only-->',
};
Object.assign(CARDS, { codeblock: CARDS.code, horizontalrule: CARDS.hr, 'card-markdown': CARDS.markdown });

function card(name: string, node: Row, warn: (message: string) => void): string {
  const render = CARDS[name];
  if (render) return render((key) => str(node[key]) ?? '', node, str(node.caption));
  warn(`its ${name} card has no equivalent and was left out`);
  return '';
}

const MD_TAGS: Partial<Record<string, string>> = {
  ...{ paragraph: 'p', emphasis: 'em', strong: 'strong', delete: 's', blockquote: 'blockquote', listItem: 'li' },
  ...{ list: 'ul', table: 'table', tableRow: 'tr', tableCell: 'td' },
};
/** A Markdown card's Markdown (CommonMark and GFM, as Ghost reads it) as HTML: the tags its tree names. */
function markdownHtml(node: Md.Nodes): string {
  const inner = () => ('children' in node ? (node.children as Md.Nodes[]).map(markdownHtml).join('') : '');
  if (node.type === 'text') return esc(node.value);
  if (node.type === 'html') return node.value;
  if (node.type === 'inlineCode') return `<code>${esc(node.value)}</code>`;
  if (node.type === 'code') return code(node.value, node.lang ?? undefined);
  if (node.type === 'link') return `<a href="${attr(node.url)}">${inner()}</a>`;
  if (node.type === 'image') return img({ src: node.url, alt: node.alt, title: node.title });
  if (node.type === 'break' || node.type === 'thematicBreak') return node.type === 'break' ? '<br>' : '<hr>';
  const list = node.type === 'list' && node.ordered ? 'ol' : MD_TAGS[node.type];
  const tag = node.type === 'heading' ? `h${node.depth}` : list;
  return tag ? `<${tag}>${inner()}</${tag}>` : inner();
}

// Lexical's text format, a bit mask: each bit a mark, innermost first.
const MARKS = Object.entries({ code: 16, strong: 1, em: 2, s: 4, u: 8, sub: 32, sup: 64, mark: 128 });
const BLOCKS: Partial<Record<string, string>> = {
  ...{ paragraph: 'p', quote: 'blockquote', 'extended-quote': 'blockquote', listitem: 'li' },
  ...{ aside: 'blockquote class="kg-blockquote-alt"' },
};

/** A Lexical document's node (Ghost's Koenig nodes: kg-default-nodes), as HTML. */
function lexical(node: Row, warn: (message: string) => void): string {
  const inner = () => rows(node.children).reduce((html, child) => html + lexical(child, warn), '');
  const type = String(node.type);
  const block = BLOCKS[type];
  if (block) return wrap(block, inner());
  const heading = /^h[1-6]$/.test(String(node.tag)) ? String(node.tag) : 'h2';
  if (type === 'heading' || type === 'extended-heading') return wrap(heading, inner());
  const start = typeof node.start === 'number' && node.start > 1 ? ` start="${node.start}"` : '';
  if (type === 'list') return wrap(node.listType === 'number' ? `ol${start}` : 'ul', inner());
  if (type === 'code') {
    const text = rows(node.children).map((child) => (child.type === 'linebreak' ? '\n' : String(child.text ?? '')));
    return code(text.join(''), str(node.language));
  }
  if (['text', 'extended-text', 'code-highlight', 'hashtag'].includes(type)) {
    const format = typeof node.format === 'number' ? node.format : 0;
    const text = esc(String(node.text ?? ''));
    return MARKS.reduce((html, [tag, bit]) => (format & bit ? `<${tag}>${html}</${tag}>` : html), text);
  }
  if (type === 'linebreak' || type === 'tab') return type === 'tab' ? '\t' : '<br>';
  if (type === 'link' || type === 'autolink') return `<a href="${attr(local(String(node.url ?? '')))}">${inner()}</a>`;
  return Array.isArray(node.children) ? inner() : card(type, node, warn);
}

/** A Mobiledoc document (version 0.3): its sections, their markers opening and closing markups, its cards and atoms. */
function mobiledoc(doc: Row, warn: (message: string) => void): string {
  const list = (key: string) => (Array.isArray(doc[key]) ? (doc[key] as unknown[][]) : []);
  const [markups, atoms, cards] = [list('markups'), list('atoms'), list('cards')];
  const markers = (items: unknown) => {
    const open: string[] = [];
    return (Array.isArray(items) ? (items as unknown[][]) : []).map(([kind, opens, closes, value]) => {
      const html = (opens as number[]).map((index) => {
        const [tag, pairs = []] = (markups[index] ?? ['span']) as [string, string[]];
        open.push(tag);
        const attrs = pairs.flatMap((name, i) => (i % 2 ? [] : [` ${name}="${attr(local(String(pairs[i + 1])))}"`]));
        return `<${tag}${attrs.join('')}>`;
      });
      const [atom, atomText] = kind === 1 ? (atoms[value as number] ?? []) : [];
      html.push(kind === 1 ? (atom === 'soft-return' ? '<br>' : esc(String(atomText ?? ''))) : esc(String(value)));
      for (let n = 0; n < (closes as number); n++) html.push(`</${open.pop()}>`);
      return html.join('');
    });
  };
  return list('sections')
    .map(([type, tag, items]) => {
      const section = /^(p|h[1-6]|blockquote)$/.test(String(tag)) ? String(tag) : 'blockquote';
      if (type === 1) return wrap(section, markers(items).join(''));
      if (type === 2) return card('image', { src: tag }, warn);
      const listed = type === 3 ? (items as unknown[]).map((item) => wrap('li', markers(item).join(''))) : [];
      if (type === 3) return wrap(tag === 'ol' ? 'ol' : 'ul', listed.join(''));
      const [name, payload] = (type === 10 ? cards[tag as number] : undefined) ?? ['unknown section', {}];
      return card(String(name), (payload ?? {}) as Row, warn);
    })
    .join('');
}

/** A post's content: its HTML, else its Lexical or Mobiledoc document rendered as Ghost renders it. */
function body(post: Row, warn: (message: string) => void): SourceBody {
  if (str(post.html)) return { format: 'html', html: local(String(post.html)) };
  const document = JSON.parse(local(str(post.lexical) ?? str(post.mobiledoc) ?? '{}')) as Row;
  const html = str(post.lexical) ? lexical((document.root ?? {}) as Row, warn) : mobiledoc(document, warn);
  return { format: 'html', html };
}

/** Every address an HTML body's images, video and audio load, or its links under the site's /content/ (files). */
function addresses(html: string): string[] {
  const found: string[] = [];
  const walk = (node: T.ParentNode) =>
    node.childNodes.forEach((child) => {
      if (!('tagName' in child)) return;
      const loads = /^(img|video|audio|source)$/.test(child.tagName);
      for (const { name, value } of child.attrs)
        if (name === 'src' ? loads : name === 'href' && value.startsWith('/content/')) found.push(value);
      walk(child);
    });
  walk(parseFragment(html));
  return found;
}

const STATUSES: Record<string, SourceStatus> = { published: 'published', draft: 'draft', scheduled: 'scheduled' };
const sortOrder = (a: Row, b: Row) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0);
const fileNameOf = (url: string) => unescape(url.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'file';

export function readGhost(json: string | object, options: GhostOptions = {}): Bundle {
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Row;
  const data = ((Array.isArray(parsed.db) ? parsed.db[0] : parsed) as Row | undefined)?.data as Row | undefined;
  if (typeof data !== 'object' || data === null) throw new Error('Not a Ghost export: it has no db[0].data');
  const bundle = emptyBundle('ghost');
  const warn = (item: string, message: string) => bundle.warnings.push({ item, message });
  bundle.title = str(rows(data.settings).find((setting) => setting.key === 'title')?.value);

  const media = new Map<string, SourceMedia>();
  const addMedia = (url: string, extra: { alt?: string; caption?: string } = {}) => {
    const given = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
    if (media.has(url)) return void Object.assign(media.get(url)!, { ...given, ...media.get(url) });
    const item: SourceMedia = { url, fileName: fileNameOf(url), ...given };
    const [, kind, rest] = /^\/content\/(images|media|files)\/([^?#]+)/.exec(url) ?? [];
    if (kind && rest && options.mediaDir) {
      // The export's own folder, named at run time: not a file of the build (Turbopack traced the whole project).
      const file = path.join(
        /*turbopackIgnore: true*/ options.mediaDir,
        kind === 'images' ? '' : `../${kind}`,
        unescape(rest),
      );
      if (existsSync(/*turbopackIgnore: true*/ file))
        item.read = async () => new Uint8Array(await readFile(/*turbopackIgnore: true*/ file));
      else warn(url, `its file was not found in ${file}`);
    }
    media.set(url, item);
  };

  const tags = new Map<string, string>();
  for (const tag of rows(data.tags)) {
    const [id, label, slug] = [String(tag.id), str(tag.name) ?? '', str(tag.slug) ?? String(tag.id)];
    const internal = label.startsWith('#') || tag.visibility === 'internal';
    if (internal) warn(id, `internal tag ${label} skipped`);
    else tags.set(id, slug);
    const term = { sourceId: slug, label, slug, description: str(tag.description), oldPaths: [`/tag/${slug}/`] };
    if (!internal && !bundle.tags.some((known) => known.sourceId === slug)) bundle.tags.push(term);
  }

  for (const user of rows(data.users)) {
    const [sourceId, slug] = [String(user.id), str(user.slug)];
    const avatar = str(user.profile_image) && local(String(user.profile_image));
    if (bundle.authors.some((author) => author.sourceId === sourceId)) continue;
    if (avatar) addMedia(avatar);
    const [name, email, bio] = [str(user.name) ?? slug ?? sourceId, str(user.email), str(user.bio)];
    bundle.authors.push({ sourceId, name, email, slug, bio, avatar, oldPaths: slug ? [`/author/${slug}/`] : [] });
  }

  const byPost = (table: unknown, key: string) => {
    const found = new Map<string, string[]>();
    for (const row of rows(table).sort(sortOrder))
      found.set(String(row.post_id), [...(found.get(String(row.post_id)) ?? []), String(row[key])]);
    return found;
  };
  const [postTags, postAuthors] = [byPost(data.posts_tags, 'tag_id'), byPost(data.posts_authors, 'author_id')];
  const metas = new Map(rows(data.posts_meta).map((meta) => [String(meta.post_id), meta]));

  for (const post of rows(data.posts)) {
    const [id, slug, meta] = [String(post.id), str(post.slug), { ...post, ...metas.get(String(post.id)) }];
    const status = STATUSES[String(post.status)] ?? 'draft';
    if (status !== post.status) warn(id, `status ${String(post.status)} read as a draft`);
    if (post.visibility === 'members') warn(id, 'members-only post read as public (the site has no such posts)');
    const authors = postAuthors.get(id) ?? (post.author_id ? [String(post.author_id)] : []);
    if (authors.length > 1) warn(id, `co-authors ${authors.slice(1).join(', ')} not carried (a post has one author)`);
    const cover = str(post.feature_image) && local(String(post.feature_image));
    if (cover) addMedia(cover, { alt: str(meta.feature_image_alt), caption: str(meta.feature_image_caption) });
    let content: SourceBody;
    try {
      content = body(post, (message) => warn(id, message));
    } catch (error) {
      warn(id, `its content could not be read (${(error as Error).message}); skipped`);
      continue;
    }
    if (content.format === 'html') addresses(content.html).forEach((url) => addMedia(url));
    const kind = post.type === 'page' || post.page === true || post.page === 1 ? 'page' : 'post';
    const tagIds = [...new Set((postTags.get(id) ?? []).flatMap((tag) => tags.get(tag) ?? []))];
    const featured = post.featured === true || post.featured === 1;
    const paid = post.visibility === 'paid' || post.visibility === 'tiers';
    bundle.posts.push({
      ...{ sourceId: id, kind, title: str(post.title) ?? slug ?? id, slug, body: content, status },
      ...{
        excerpt: str(post.custom_excerpt),
        publishedDate: iso(post.published_at),
        updatedDate: iso(post.updated_at),
      },
      ...{ categoryIds: [], tagIds, authorId: authors[0], coverImage: cover, pinned: false },
      ...{ featured, paid, language: str(post.locale), oldPaths: slug && status === 'published' ? [`/${slug}/`] : [] },
      ...{ seoTitle: str(meta.meta_title), seoDescription: str(meta.meta_description) },
    });
  }

  const subscribed = new Set(rows(data.members_newsletters).map((row) => String(row.member_id)));
  const seen = new Set<string>();
  for (const member of rows(data.members)) {
    const email = str(member.email)?.trim();
    if (!email || seen.has(email.toLowerCase())) {
      warn(String(member.id), email ? `a second member with ${email} skipped` : 'member without an e-mail skipped');
      continue;
    }
    seen.add(email.toLowerCase());
    const paid = member.status === 'paid' || member.status === 'comped';
    const isSubscribed = subscribed.has(String(member.id)) || member.subscribed === true || member.subscribed === 1;
    const [name, createdDate] = [str(member.name), iso(member.created_at)];
    bundle.people.push({ email, name, subscribed: isSubscribed, paid, createdDate });
  }
  bundle.media = [...media.values()];
  return bundle;
}
