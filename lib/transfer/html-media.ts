import type { posts } from '@wix/blog';
import { audio, file, image, video } from '@/lib/core/ricos/media';
import { container, type Link, type RicosNode } from '@/lib/core/ricos/types';
import { captionAfter, type Ctx, mediaUrl, visible, withCaption } from './html-context';
import {
  attr,
  byTag,
  children,
  classStarting,
  descendants,
  type Element,
  find,
  hasClass,
  intAttr,
  isElement,
  type WpBlock,
} from './html-dom';
import { ghostEmbed, iframe, wpEmbed } from './html-embeds';
import { linkTarget } from '@/lib/core/ricos/text';

// Images, galleries, video and audio files, files to download: each address they use resolved (html-context's
// `mediaUrl`) and listed for the media step, their captions as CAPTION nodes inside them (where the renderer's
// figure shows them).

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?|heic)$/i;

/** The address an `<img>` shows: a lazy loader's real one rather than its placeholder. */
function imageSrc(img: Element): string | undefined {
  const lazy = attr(img, 'data-src') ?? attr(img, 'data-lazy-src') ?? attr(img, 'data-original');
  const src = lazy ?? attr(img, 'src');
  if (src?.trim()) return src;
  const set = attr(img, 'srcset') ?? attr(img, 'data-srcset');
  return set?.split(',')[0]?.trim().split(/\s+/)[0];
}

/** A link around an image that only opens the image itself (WordPress's "link to media file", Substack's). */
function opensImage(link: Link, src: string): boolean {
  if (!link.url || link.url === src) return true;
  try {
    return IMAGE_FILE.test(decodeURIComponent(new URL(link.url, 'https://x.invalid').pathname));
  } catch {
    return false;
  }
}

/** The image's width on the page from its classes (WordPress's alignment, Ghost's card widths). */
function placement(el: Element): posts.PluginContainerData {
  if (hasClass(el, 'alignfull', 'kg-width-full')) return container({ width: { size: 'FULL_WIDTH' } });
  if (hasClass(el, 'alignleft')) return container({ width: { size: 'SMALL' }, alignment: 'LEFT' });
  if (hasClass(el, 'alignright')) return container({ width: { size: 'SMALL' }, alignment: 'RIGHT' });
  return container();
}

interface ImageOptions {
  caption?: RicosNode[];
  link?: Link;
  /** The element whose classes place the image (its figure); the image itself by default. */
  placedBy?: Element;
}

/** An `<img>` (or the one inside `el`: a `<picture>`, a link) as an IMAGE, or null when it has no address. */
export function imageNode(el: Element, ctx: Ctx, options: ImageOptions = {}): RicosNode | null {
  const img = el.tagName === 'img' ? el : find(el, byTag('img'));
  const url = img && mediaUrl(ctx, imageSrc(img));
  if (!img || !url) return null;
  const link = options.link && !opensImage(options.link, url) ? options.link : undefined;
  const caption = options.caption && visible(options.caption) ? options.caption : undefined;
  const node = image(
    { url, alt: attr(img, 'alt')?.trim() ?? '' },
    { ...(caption && { caption }), ...(link && { link }) },
  );
  const data = node.imageData as posts.ImageData;
  const width = intAttr(img, 'width', 'data-width');
  const height = intAttr(img, 'height', 'data-height');
  const placed = placement(options.placedBy ?? img);
  return {
    ...node,
    imageData: {
      ...data,
      containerData: placed,
      image: { ...data.image, ...(width && height && { width, height }) },
    } satisfies posts.ImageData,
  };
}

/** The elements between `el` and `root` (not either), innermost first. */
function between(el: Element, root: Element): Element[] {
  const out: Element[] = [];
  for (let node = el.parentNode; node && node !== root && isElement(node); node = node.parentNode) out.push(node);
  return out;
}

const textOfNode = (node: RicosNode): string =>
  node.type === 'TEXT' ? ((node.textData as { text: string }).text ?? '') : node.nodes.map(textOfNode).join('');

/** IMAGE nodes as one GALLERY (their captions its items' titles), with the gallery's own caption. */
export function galleryOfImages(images: RicosNode[], _ctx: Ctx, caption: RicosNode[] = [], columns?: number) {
  const items = images.map((node): posts.Item => {
    const data = node.imageData as posts.ImageData;
    const title = node.nodes.map(textOfNode).join(' ').trim();
    return {
      image: { media: data.image, ...(data.link && { link: data.link }) },
      ...(title && { title }),
      altText: data.altText ?? '',
    };
  });
  return {
    type: 'GALLERY',
    nodes: captionAfter(caption),
    galleryData: {
      containerData: container(),
      items,
      options: {
        layout: {
          type: 'GRID',
          orientation: 'ROWS',
          horizontalScroll: false,
          numberOfColumns: columns ?? Math.min(items.length, 3),
        },
        item: { crop: 'FILL', targetSize: 300, ratio: 1, spacing: 12 },
        thumbnails: { placement: 'BOTTOM', spacing: 0 },
      },
    } satisfies posts.GalleryData,
  } satisfies RicosNode;
}

/** A gallery's images, each with its own caption (its figure's) and link, then the gallery's caption. */
export function gallery(el: Element, ctx: Ctx, caption: RicosNode[], except?: Element): RicosNode[] {
  const images = descendants(el, (child) => child === except)
    .filter(byTag('img'))
    .flatMap((img) => {
      const around = between(img, el);
      const figure = around.find(byTag('figure'));
      const captionEl = figure && children(figure).find(byTag('figcaption'));
      const anchor = around.find(byTag('a'));
      const href = anchor && attr(anchor, 'href');
      const own = captionEl ? ctx.texts(captionEl.childNodes) : undefined;
      return imageNode(img, ctx, { caption: own, ...(href && { link: linkTarget(href) }) }) ?? [];
    });
  // The block editor's `columns-3`, the [gallery] shortcode's `gallery-columns-3`.
  const named = classStarting(el, 'columns-') ?? classStarting(el, 'gallery-columns-');
  const columns = Number(named?.replace(/^(?:gallery-)?columns-/, '')) || undefined;
  if (!images.length) return captionAfter(caption);
  return [galleryOfImages(images, ctx, caption, columns && Math.min(columns, 6))];
}

/** Substack's gallery: its images' addresses in `data-attrs`. */
export function galleryOfUrls(urls: string[], ctx: Ctx, caption: RicosNode[]): RicosNode[] {
  const images = urls.flatMap((url) => {
    const src = mediaUrl(ctx, url);
    return src ? [image({ url: src, alt: '' })] : [];
  });
  return images.length ? [galleryOfImages(images, ctx, caption)] : captionAfter(caption);
}

/** A `<video>` as a VIDEO of its file (its first source), its poster the thumbnail. */
export function videoNode(el: Element, ctx: Ctx, title = ''): RicosNode | null {
  const sources = [
    attr(el, 'src'),
    ...children(el)
      .filter(byTag('source'))
      .map((s) => attr(s, 'src')),
  ];
  const url = mediaUrl(
    ctx,
    sources.find((src) => src?.trim()),
  );
  if (!url) return null;
  const node = video(url, title || (attr(el, 'title') ?? ''));
  const posterAttr = attr(el, 'poster');
  // Ghost's video card gives a placeholder poster (its thumbnail is its style's background).
  const poster = posterAttr && !posterAttr.includes('spacergif.org') ? mediaUrl(ctx, posterAttr) : undefined;
  if (!poster) return node;
  return { ...node, videoData: { ...(node.videoData as posts.VideoData), thumbnail: { src: { url: poster } } } };
}

/** An `<audio>` as an AUDIO of its file, named `name`. */
export function audioNode(el: Element, ctx: Ctx, name = '', author = ''): RicosNode | null {
  const sources = [
    attr(el, 'src'),
    ...children(el)
      .filter(byTag('source'))
      .map((s) => attr(s, 'src')),
  ];
  const url = mediaUrl(
    ctx,
    sources.find((src) => src?.trim()),
  );
  return url ? audio(url, name, author) : null;
}

const MIME: Record<string, string> = { pdf: 'application/pdf', zip: 'application/zip', txt: 'text/plain' };

/** A file to download (WordPress's file block, Ghost's file card). */
export function fileNode(href: string | undefined, ctx: Ctx, name?: string): RicosNode | null {
  const url = mediaUrl(ctx, href);
  if (!url) return null;
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  let fileName = last;
  try {
    fileName = decodeURIComponent(last);
  } catch {
    // A name with a stray % is kept as written.
  }
  const extension = /\.(\w{1,10})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return file(url, name || fileName || 'File', extension.toUpperCase(), MIME[extension] ?? '', 0);
}

/** A `<figure>`: an image, a gallery, a table, a video or audio file, an embed; its figcaption their caption. */
export function figure(el: Element, ctx: Ctx, wp?: WpBlock): RicosNode[] {
  const captionEl = children(el).find(byTag('figcaption'));
  const caption = captionEl ? ctx.texts(captionEl.childNodes) : [];
  if (hasClass(el, 'wp-block-embed') || wp?.name === 'embed' || wp?.name.startsWith('core-embed/'))
    return wpEmbed(el, ctx, wp, caption);
  if (hasClass(el, 'kg-embed-card')) return ghostEmbed(el, ctx, caption);
  const table = find(el, byTag('table'));
  if (table) return [...ctx.block(table), ...captionAfter(caption)];
  const images = descendants(el, (child) => child === captionEl).filter(byTag('img'));
  if (images.length > 1 || hasClass(el, 'wp-block-gallery', 'kg-gallery-card', 'gallery'))
    return gallery(el, ctx, caption, captionEl);
  const media = find(el, byTag('video', 'audio', 'iframe'));
  if (images.length === 1 && !media) {
    const anchor = between(images[0]!, el).find(byTag('a'));
    const href = anchor && attr(anchor, 'href');
    const node = imageNode(images[0]!, ctx, { caption, placedBy: el, ...(href && { link: linkTarget(href) }) });
    return node ? [node] : captionAfter(caption);
  }
  if (media?.tagName === 'video') return withMedia(videoNode(media, ctx), caption);
  if (media?.tagName === 'audio') return withMedia(audioNode(media, ctx), caption);
  if (media?.tagName === 'iframe') {
    const nodes = iframe(media, ctx);
    return nodes.length === 1 ? withCaption(nodes[0]!, caption) : [...nodes, ...captionAfter(caption)];
  }
  // Anything else (a pull quote, a poem): its content, its caption under it.
  if (captionEl) ctx.skip.add(captionEl);
  return [...ctx.blocks(el.childNodes), ...captionAfter(caption)];
}

const withMedia = (node: RicosNode | null, caption: RicosNode[]) =>
  node ? withCaption(node, caption) : captionAfter(caption);
