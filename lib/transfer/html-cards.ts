import type { posts } from '@wix/blog';
import { card, p, quote } from '@/lib/core/ricos/blocks';
import { linkButton, linkPreview } from '@/lib/core/ricos/media';
import { deco, linkTarget, t } from '@/lib/core/ricos/text';
import type { RicosNode } from '@/lib/core/ricos/types';
import { collapsibleOf, details } from './html-blocks';
import { captionAfter, type Ctx, noteTarget, mediaUrl } from './html-context';
import {
  attr,
  byClass,
  byTag,
  children,
  classStarting,
  dataAttrs,
  descendants,
  type Element,
  find,
  hasClass,
  str,
  textOf,
} from './html-dom';
import { substackTweet } from './html-embeds';
import { audioNode, fileNode, gallery, galleryOfUrls } from './html-media';

// The platforms' own blocks, known by their classes: Ghost's cards (bookmark, callout, toggle, button, file, audio),
// Substack's components (footnotes, the subscribe widget, tweets, pull quotes, galleries, buttons) and WordPress's
// button and file blocks and its [gallery] shortcode's markup. Ghost's image, gallery, video and embed cards and
// WordPress's figures are html-media's.

const CALLOUT_COLORS: Record<string, string> = {
  grey: '#F1F1EF',
  white: '#FFFFFF',
  blue: '#E7F3F8',
  green: '#EDF3EC',
  yellow: '#FBF3DB',
  red: '#FDEBEC',
  pink: '#FAF1F5',
  purple: '#F6F3F9',
};

/** Ghost's callout: its emoji before its text, on the card's colour. */
function callout(el: Element, ctx: Ctx): RicosNode[] {
  const emojiEl = find(el, byClass('kg-callout-emoji'));
  const text = find(el, byClass('kg-callout-text'));
  const emoji = emojiEl && text ? textOf(emojiEl) : '';
  const body = ctx.blocks((text ?? el).childNodes);
  if (emoji && body[0]?.type === 'PARAGRAPH') body[0] = { ...body[0], nodes: [t(`${emoji} `), ...body[0].nodes] };
  else if (emoji) body.unshift(p(t(emoji)));
  const color = CALLOUT_COLORS[classStarting(el, 'kg-callout-card-')?.slice('kg-callout-card-'.length) ?? ''];
  return body.length ? [color ? card(body, color) : card(body)] : [];
}

/** Ghost's toggle: a collapsible item, open when the card says so. Written as `<details>` (as the Ghost reader renders
 * a Lexical toggle), its summary the title and the rest the body. */
function toggle(el: Element, ctx: Ctx): RicosNode[] {
  if (el.tagName === 'details' && !find(el, byClass('kg-toggle-heading', 'kg-toggle-content'))) return details(el, ctx);
  const heading = find(el, byClass('kg-toggle-heading-text')) ?? find(el, byClass('kg-toggle-heading'));
  const content = find(el, byClass('kg-toggle-content'));
  const title = heading ? ctx.texts(heading.childNodes) : [];
  const open = attr(el, 'data-kg-toggle-state') === 'open';
  return [collapsibleOf(title, content ? ctx.blocks(content.childNodes) : [], open)];
}

/** Ghost's bookmark card: a link preview of the page, its thumbnail listed as media. */
function bookmark(el: Element, ctx: Ctx): RicosNode[] | null {
  const anchor = find(el, byTag('a'));
  const href = anchor && str(attr(anchor, 'href'));
  if (!href) return null;
  const part = (name: string) => {
    const found = find(el, byClass(name));
    return found ? textOf(found) : '';
  };
  const image = find(el, byClass('kg-bookmark-thumbnail'));
  const img = image && find(image, byTag('img'));
  const thumbnail = img ? mediaUrl(ctx, attr(img, 'src')) : undefined;
  const meta = [part('kg-bookmark-author'), part('kg-bookmark-publisher')].filter(Boolean).join(' · ');
  const description = [part('kg-bookmark-description'), meta].filter(Boolean).join(' — ');
  const captionEl = children(el).find(byTag('figcaption'));
  return [
    linkPreview(href, part('kg-bookmark-title') || href, description, thumbnail),
    ...captionAfter(captionEl ? ctx.texts(captionEl.childNodes) : []),
  ];
}

/** A button (Ghost's, WordPress's, Substack's): its link's text and address. */
function button(el: Element): RicosNode[] | null {
  const anchor = el.tagName === 'a' ? el : find(el, byTag('a'));
  const href = anchor && str(attr(anchor, 'href'));
  const text = anchor && textOf(anchor);
  return href && text ? [linkButton(text, linkTarget(href))] : null;
}

const SIZE = /([\d.]+)\s*(KB|MB|GB)/i;

/** Ghost's file card: the file, its title the name; its caption under it. */
function ghostFile(el: Element, ctx: Ctx): RicosNode[] | null {
  const anchor = find(el, byTag('a'));
  const part = (name: string) => {
    const found = find(el, byClass(name));
    return found ? textOf(found) : '';
  };
  const node = fileNode(
    anchor && attr(anchor, 'href'),
    ctx,
    part('kg-file-card-title') || part('kg-file-card-filename'),
  );
  if (!node) return null;
  const [, amount, unit] = SIZE.exec(part('kg-file-card-filesize')) ?? [];
  const kb = amount ? Number(amount) * { kb: 1, mb: 1024, gb: 1024 * 1024 }[unit!.toLowerCase() as 'kb'] : 0;
  const data = node.fileData as posts.FileData;
  const caption = find(el, byClass('kg-file-card-caption'));
  return [
    { ...node, fileData: { ...data, ...(kb > 0 && { sizeInKb: String(Math.round(kb)) }) } },
    ...captionAfter(caption ? ctx.texts(caption.childNodes) : []),
  ];
}

/** WordPress's file block: the file, named by its link's text (its "Download" button and PDF preview aside). */
function wpFile(el: Element, ctx: Ctx): RicosNode[] | null {
  const links = descendants(el).filter((child) => child.tagName === 'a' && str(attr(child, 'href')));
  const first = links.find((a) => !hasClass(a, 'wp-block-file__button')) ?? links[0];
  const node = first ? fileNode(attr(first, 'href'), ctx, textOf(first)) : null;
  return node ? [node] : null;
}

/** Ghost's audio card: the file, named by its title, its thumbnail the cover. */
function ghostAudio(el: Element, ctx: Ctx): RicosNode[] | null {
  const player = find(el, byTag('audio'));
  const title = find(el, byClass('kg-audio-title'));
  const node = player && audioNode(player, ctx, title ? textOf(title) : '');
  if (!node) return null;
  const thumbnail = find(el, (child) => hasClass(child, 'kg-audio-thumbnail') && child.tagName === 'img');
  const cover = thumbnail && !hasClass(thumbnail, 'kg-audio-hide') ? mediaUrl(ctx, attr(thumbnail, 'src')) : undefined;
  if (!cover) return [node];
  return [{ ...node, audioData: { ...(node.audioData as posts.AudioData), coverImage: { src: { url: cover } } } }];
}

/** Substack's footnote: its number (a link back to its reference) before its text; the number's id its node's. */
function substackFootnote(el: Element, ctx: Ctx): RicosNode[] {
  const number = find(el, byClass('footnote-number'));
  const content = find(el, byClass('footnote-content'));
  const body = ctx.blocks((content ?? el).childNodes);
  if (!number) return body;
  const href = attr(number, 'href') ?? '';
  const lead = [t(textOf(number), ...(href.startsWith('#') ? [deco.anchor(href.slice(1))] : [])), t('. ')];
  if (body[0]?.type === 'PARAGRAPH') body[0] = { ...body[0], nodes: [...lead, ...body[0].nodes] };
  else body.unshift(p(...lead));
  noteTarget(ctx, number);
  return body;
}

/** Substack's subscribe widget: its words kept, its form (Substack's own list) left out. */
function subscription(el: Element, ctx: Ctx): RicosNode[] {
  return descendants(el, byTag('form'))
    .filter((child) => child.tagName === 'p')
    .flatMap((paragraph) => ctx.paragraphs(ctx.inline(paragraph.childNodes)));
}

/** Substack's gallery: its images' addresses and caption in `data-attrs`. */
function substackGallery(el: Element, ctx: Ctx): RicosNode[] {
  const gallery = dataAttrs(el).gallery as { images?: Array<{ src?: unknown }>; caption?: unknown } | undefined;
  const urls = (gallery?.images ?? []).flatMap((image) => str(image.src) ?? []);
  const caption = str(gallery?.caption);
  return galleryOfUrls(urls, ctx, caption ? [t(caption)] : []);
}

/** The nodes a platform's own block makes, or null when `el` is none. */
export function cardOf(el: Element, ctx: Ctx): RicosNode[] | null {
  if (hasClass(el, 'kg-bookmark-card')) return bookmark(el, ctx);
  if (hasClass(el, 'kg-callout-card')) return callout(el, ctx);
  if (hasClass(el, 'kg-toggle-card')) return toggle(el, ctx);
  if (hasClass(el, 'kg-button-card', 'wp-block-button', 'button-wrapper')) return button(el);
  if (hasClass(el, 'kg-file-card')) return ghostFile(el, ctx);
  if (hasClass(el, 'kg-audio-card')) return ghostAudio(el, ctx);
  if (hasClass(el, 'wp-block-file')) return wpFile(el, ctx);
  if (classStarting(el, 'subscription-widget')) return subscription(el, ctx);
  if (hasClass(el, 'footnote') && find(el, byClass('footnote-content'))) return substackFootnote(el, ctx);
  if (hasClass(el, 'tweet') && attr(el, 'data-attrs')) return substackTweet(el);
  if (hasClass(el, 'image-gallery-embed')) return substackGallery(el, ctx);
  // WordPress's [gallery] shortcode as WordPress shows it: `<div class="gallery">` of `<figure class="gallery-item">`.
  if (el.tagName === 'div' && hasClass(el, 'gallery') && find(el, byClass('gallery-item'))) return gallery(el, ctx, []);
  if (hasClass(el, 'pullquote')) {
    const nodes = ctx.blocks(el.childNodes);
    return nodes.length ? [{ ...quote(), nodes }] : [];
  }
  // WordPress's verse: a poem's lines, each a line of a paragraph (not code).
  if (hasClass(el, 'wp-block-verse')) return ctx.blocks(el.childNodes);
  return null;
}
