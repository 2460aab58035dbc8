import type * as Md from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { type DefaultTreeAdapterTypes as T, parseFragment } from 'parse5';
import type { SourceBody } from '../types';

// A Ghost post's content as HTML (ghost.ts reads the rest of the export): its `html` when the export has it, else its
// Lexical document (Ghost 5 and on) or its Mobiledoc (Ghost 1 to 4) rendered card by card into the markup Ghost's own
// renderer writes (`kg-*` classes); and the addresses a body loads. Ghost writes its own address as `__GHOST_URL__`:
// it is dropped, which leaves the site's paths (`/content/images/…`).

export type Row = Record<string, unknown>;

export const str = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
export const rows = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((row): row is Row => typeof row === 'object' && row !== null) : [];
const esc = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const attr = (text: unknown) => esc(String(text ?? '')).replaceAll('"', '&quot;');
/** An address as the old site's own: `__GHOST_URL__/content/…` becomes `/content/…`, `//host/…` `https://host/…`. */
export const local = (url: string) => url.replaceAll('__GHOST_URL__', '').replace(/^\/\//, 'https://');

/** Ghost's dates: ISO strings or, in the oldest exports, milliseconds. */
export function iso(value: unknown): string | undefined {
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
export function body(post: Row, warn: (message: string) => void): SourceBody {
  if (str(post.html)) return { format: 'html', html: local(String(post.html)) };
  const document = JSON.parse(local(str(post.lexical) ?? str(post.mobiledoc) ?? '{}')) as Row;
  const html = str(post.lexical) ? lexical((document.root ?? {}) as Row, warn) : mobiledoc(document, warn);
  return { format: 'html', html };
}

/** Every address an HTML body's images, video and audio load, or its links under the site's /content/ (files). */
export function addresses(html: string): string[] {
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
