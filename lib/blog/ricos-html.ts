import type { RicosNode } from '@/lib/core/ricos/types';
import { mediaAddress } from './ricos-media';

// A post's Ricos nodes as plain HTML, for the WXR's `content:encoded` (WordPress keeps it as a classic block; Ghost,
// Substack and the rest read it as HTML) and the fediverse's Article (lib/fediverse). ricos-content's own `toHtml`
// drops block quotes, code, tables, images, task lists, struck text and rules (checked on the demo posts), so this
// writes its own: every block the site renders, in the elements a blog's HTML importer knows, media at absolute
// addresses (the site's, which WordPress's importer downloads and rewrites). What has no HTML of its own (a poll, a
// map, an app) is a paragraph saying what it was.

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const XML_INVALID = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
export const escapeHtml = (text: unknown) =>
  String(text ?? '')
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const data = (node: RicosNode, key: string) => (node[key] ?? {}) as Data;
const attrs = (values: Record<string, unknown>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null && value !== false && value !== '')
    .map(([key, value]) => (value === true ? ` ${key}` : ` ${key}="${escapeHtml(value)}"`))
    .join('');

export interface HtmlOptions {
  /** The site's address (no trailing slash): `/media/...` and other site paths are made absolute on it. */
  siteUrl: string;
}

function mark(inner: string, decoration: Data, options: HtmlOptions): string {
  const d = (key: string) => (decoration[key] ?? {}) as Data;
  switch (decoration.type) {
    case 'BOLD':
      return typeof decoration.fontWeightValue === 'number' && decoration.fontWeightValue < 600
        ? inner
        : `<strong>${inner}</strong>`;
    case 'ITALIC':
      return decoration.italicData === false ? inner : `<em>${inner}</em>`;
    case 'UNDERLINE':
      return `<u>${inner}</u>`;
    case 'STRIKETHROUGH':
      return `<s>${inner}</s>`;
    case 'SUPERSCRIPT':
      return `<sup>${inner}</sup>`;
    case 'SUBSCRIPT':
      return `<sub>${inner}</sub>`;
    case 'FONT_FAMILY':
      return /mono/i.test(String(d('fontFamilyData').value))
        ? `<code>${inner}</code>`
        : `<span style="font-family: ${escapeHtml(d('fontFamilyData').value)}">${inner}</span>`;
    case 'COLOR': {
      const { foreground, background } = d('colorData');
      const style = [foreground && `color: ${foreground}`, background && `background-color: ${background}`];
      return `<span${attrs({ style: style.filter(Boolean).join('; ') })}>${inner}</span>`;
    }
    case 'FONT_SIZE': {
      const { value, unit } = d('fontSizeData');
      return `<span style="font-size: ${escapeHtml(value)}${unit === 'EM' ? 'em' : 'px'}">${inner}</span>`;
    }
    case 'LINK': {
      const link = (d('linkData').link ?? {}) as Data;
      const rel = Object.keys(link.rel ?? {}).filter((key) => link.rel[key] === true);
      const href = link.url ? absolute(link.url, options) : link.anchor ? `#${link.anchor}` : undefined;
      const target = link.target === 'BLANK' ? '_blank' : undefined;
      return `<a${attrs({ href, target, rel: rel.join(' ') })}>${inner}</a>`;
    }
    case 'ANCHOR':
      return `<a href="#${escapeHtml(d('anchorData').anchor)}">${inner}</a>`;
    case 'MENTION':
      return `<span class="mention">${inner}</span>`;
    case 'SPOILER':
      return `<span class="spoiler">${inner}</span>`;
    default:
      return inner;
  }
}

/** A site path (`/media/x.png`, `/post/y`) on the site's address; anything else as it is. */
const absolute = (url: string, options: HtmlOptions) => (/^\/(?!\/)/.test(url) ? `${options.siteUrl}${url}` : url);
const mediaUrl = (source: unknown, options: HtmlOptions) => {
  const address = mediaAddress(source);
  return address ? absolute(address, options) : undefined;
};

function text(nodes: RicosNode[], options: HtmlOptions): string {
  return nodes
    .map((node) => {
      if (node.type !== 'TEXT') return '';
      const { text: value = '', decorations = [] } = (node.textData ?? {}) as { text?: string; decorations?: Data[] };
      const inner = escapeHtml(value).replace(/\n/g, '<br>');
      // Links outermost, as editors write them.
      const ordered = [...decorations].sort((a, b) => Number(a.type === 'LINK') - Number(b.type === 'LINK'));
      return ordered.reduce((html, decoration) => mark(html, decoration, options), inner);
    })
    .join('');
}

const idOf = (node: RicosNode) => (node.id && /^[\w-]+$/.test(node.id) ? node.id : undefined);
const figure = (inner: string, caption?: string) =>
  `<figure>${inner}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
const note = (what: string, link?: string) =>
  `<p>${link ? `<a href="${escapeHtml(link)}">${escapeHtml(what)}</a>` : escapeHtml(what)}</p>`;

function block(node: RicosNode, options: HtmlOptions): string {
  const all = (nodes: RicosNode[]) => nodes.map((child) => block(child, options)).join('\n');
  const inline = () => text(node.nodes, options);
  switch (node.type) {
    case 'PARAGRAPH': {
      const align = data(node, 'paragraphData').textStyle?.textAlignment;
      const style = align && align !== 'AUTO' ? `text-align: ${String(align).toLowerCase()}` : undefined;
      return `<p${attrs({ style })}>${inline()}</p>`;
    }
    case 'HEADING': {
      const level = Math.min(6, Math.max(1, Number(data(node, 'headingData').level) || 2));
      return `<h${level}${attrs({ id: idOf(node) })}>${inline()}</h${level}>`;
    }
    case 'TEXT':
      return text([node], options);
    case 'CODE_BLOCK': {
      const language = data(node, 'codeBlockData').language;
      const code = node.nodes.map((child) => (child.textData as Data | undefined)?.text ?? '').join('');
      return `<pre><code${attrs({ class: language && `language-${language}` })}>${escapeHtml(code)}</code></pre>`;
    }
    case 'BLOCKQUOTE':
      return `<blockquote>${all(node.nodes)}</blockquote>`;
    case 'DIVIDER':
      return '<hr>';
    case 'BULLETED_LIST':
    case 'BULLET_LIST':
      return `<ul>${all(node.nodes)}</ul>`;
    case 'ORDERED_LIST':
      return `<ol${attrs({ start: data(node, 'orderedListData').start })}>${all(node.nodes)}</ol>`;
    case 'CHECKBOX_LIST':
      return `<ul class="task-list">${node.nodes
        .map((item) => {
          const checked = data(item, 'listItemData').checked === true;
          return `<li><input type="checkbox" disabled${checked ? ' checked' : ''}> ${all(item.nodes)}</li>`;
        })
        .join('')}</ul>`;
    case 'LIST_ITEM':
      return `<li>${all(node.nodes)}</li>`;
    case 'TABLE': {
      const [head, ...rows] = node.nodes;
      const row = (r: RicosNode, cell: string) =>
        `<tr>${r.nodes.map((c) => `<${cell}>${all(c.nodes)}</${cell}>`).join('')}</tr>`;
      const header = data(node, 'tableData').header !== false;
      const body = (header ? rows : node.nodes).map((r) => row(r, 'td')).join('');
      return `<table>${header && head ? `<thead>${row(head, 'th')}</thead>` : ''}<tbody>${body}</tbody></table>`;
    }
    case 'IMAGE': {
      const d = data(node, 'imageData');
      const img = `<img${attrs({ src: mediaUrl(d.image?.src, options), alt: d.altText ?? '', width: d.image?.width, height: d.image?.height })}>`;
      const linked = d.link?.url ? `<a href="${escapeHtml(absolute(d.link.url, options))}">${img}</a>` : img;
      const caption = node.nodes.find((child) => child.type === 'CAPTION');
      return figure(linked, caption ? text(caption.nodes, options) : d.caption && escapeHtml(d.caption));
    }
    case 'GALLERY': {
      const items: Data[] = data(node, 'galleryData').items ?? [];
      const images = items.map((item) => {
        const src = mediaUrl(item.image?.media?.src ?? item.video?.media?.src, options);
        return figure(
          `<img${attrs({ src, alt: item.altText ?? item.title ?? '' })}>`,
          item.title && escapeHtml(item.title),
        );
      });
      return `<figure class="gallery">${images.join('')}</figure>`;
    }
    case 'GIF':
    case 'GIPHY':
      return figure(`<img${attrs({ src: mediaUrl(data(node, 'gifData').original?.gif, options), alt: '' })}>`);
    case 'SHAPE':
      return figure(
        `<img${attrs({ src: mediaUrl(data(node, 'shapeData').shape?.src, options), alt: data(node, 'shapeData').altText ?? '' })}>`,
      );
    case 'VIDEO': {
      const d = data(node, 'videoData');
      const src = mediaUrl(d.video?.src, options);
      const poster = mediaUrl(d.thumbnail?.src, options);
      const player =
        src && /\.(mp4|webm|ogv|mov|m4v)(\?|$)/i.test(src)
          ? `<video controls${attrs({ src, poster })}></video>`
          : `<a href="${escapeHtml(src)}">${escapeHtml(d.title || src)}</a>`;
      return figure(player, d.title && escapeHtml(d.title));
    }
    case 'AUDIO': {
      const d = data(node, 'audioData');
      const label = [d.name, d.authorName].filter(Boolean).join(', ');
      return figure(
        `<audio controls${attrs({ src: mediaUrl(d.audio?.src, options) })}></audio>`,
        label && escapeHtml(label),
      );
    }
    case 'FILE': {
      const d = data(node, 'fileData');
      return note(d.name ?? 'Download', mediaUrl(d.src, options));
    }
    case 'HTML': {
      // As the site runs it: in a sandboxed frame, its styles and scripts kept off the page.
      const d = data(node, 'htmlData');
      const height = d.containerData?.height?.custom;
      return `<iframe${attrs({ sandbox: 'allow-scripts', srcdoc: d.html, src: d.html ? undefined : d.url, height, width: '100%' })}></iframe>`;
    }
    case 'EMBED': {
      // A provider's player (an iframe) as it is; other markup in a sandboxed frame, as the site shows it.
      const d = data(node, 'embedData');
      const markup = d.oembed?.html;
      if (typeof markup !== 'string') return note(d.oembed?.title ?? d.src, d.src && absolute(d.src, options));
      if (/^\s*<iframe\b/i.test(markup)) return markup;
      return `<iframe${attrs({ sandbox: 'allow-scripts', srcdoc: markup, title: d.oembed?.title, height: d.oembed?.height, width: '100%' })}></iframe>`;
    }
    case 'LINK_PREVIEW': {
      const d = data(node, 'linkPreviewData');
      const url = d.link?.url && absolute(d.link.url, options);
      return `<p><a href="${escapeHtml(url)}">${escapeHtml(d.title ?? url)}</a>${d.description ? `<br>${escapeHtml(d.description)}` : ''}</p>`;
    }
    case 'MAP': {
      const s = data(node, 'mapData').mapSettings ?? {};
      const query = encodeURIComponent(s.lat !== undefined ? `${s.lat},${s.lng}` : (s.address ?? ''));
      return note(s.locationName ?? s.address ?? 'Map', `https://www.openstreetmap.org/search?query=${query}`);
    }
    case 'POLL': {
      const poll = data(node, 'pollData').poll ?? {};
      const options_ = (poll.options ?? []).map((o: Data) => `<li>${escapeHtml(o.title)}</li>`).join('');
      return `<p>${escapeHtml(poll.title)}</p><ul>${options_}</ul>`;
    }
    case 'BUTTON': {
      const d = data(node, 'buttonData');
      return d.link?.url ? note(d.text, absolute(d.link.url, options)) : '';
    }
    case 'APP_EMBED': {
      const d = data(node, 'appEmbedData');
      return note(d.name ?? d.type, d.url && absolute(d.url, options));
    }
    case 'COLLAPSIBLE_LIST':
      return node.nodes
        .map((item) => {
          const [title, body] = item.nodes;
          return `<details><summary>${title ? text(title.nodes[0]?.nodes ?? [], options) : ''}</summary>${body ? all(body.nodes) : ''}</details>`;
        })
        .join('\n');
    case 'SMART_BLOCK':
      return node.nodes
        .map((cell) => `<div><h4>${escapeHtml(data(cell, 'smartBlockCellData').label)}</h4>${all(cell.nodes)}</div>`)
        .join('\n');
    case 'TOC':
    case 'EXTERNAL':
      return '';
    default:
      // Cards, layouts, captions and what is unknown: their children, in order.
      return node.nodes.length ? `<div>${all(node.nodes)}</div>` : '';
  }
}

/** Ricos nodes as HTML. */
export const ricosToHtml = (nodes: RicosNode[], options: HtmlOptions) =>
  nodes
    .map((node) => block(node, options))
    .filter(Boolean)
    .join('\n');
