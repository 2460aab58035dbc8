import type { ReactNode } from 'react';
import { httpUrl, localMediaUrl, resolveImage } from '@/lib/blog/view';
import { renderChildren } from './children';
import { GRAPHIC_CONTRAST } from './color';
import { anchorId, anchorResolver, type NodeProps, type RenderContext } from './context';
import { arr, get, int, nodeData, obj, rec, str, text, type Rec } from './fields';
import { Img } from './image';
import { linkProps } from './safe-href';
import { adaptColor, colorVars, containerProps, cx, type ContainerProps, type Style } from './style';
import { defined } from './compact';
import { VideoPlayer, hostedVideoOf } from './video';

const MAX_GALLERY_ITEMS = 500;

export function Figure({
  node,
  ctx,
  container,
  caption,
  children,
}: NodeProps & { container: ContainerProps; caption?: ReactNode; children: ReactNode }) {
  const captionNodes = renderChildren(node, ctx);
  const hasCaption = Boolean(caption) || captionNodes.length > 0;
  return (
    <figure
      {...defined({
        id: anchorId(node, ctx),
        className: container.className,
        style: container.style,
        tabIndex: container.tabIndex,
      })}
    >
      {children}
      {hasCaption && (
        <figcaption className="rc-figcaption" dir="auto">
          {caption}
          {captionNodes}
        </figcaption>
      )}
    </figure>
  );
}

const withLink = (content: ReactNode, link: unknown, ctx: RenderContext, className = 'rc-media-link') => {
  const props = linkProps(link, anchorResolver(ctx));
  return props ? (
    <a className={className} {...props}>
      {content}
    </a>
  ) : (
    content
  );
};

/** SVGs are usually drawn on a transparent canvas, often in black: the CSS gives them a light backdrop in dark mode. */
const isSvg = (media: unknown) => {
  const src = rec(rec(media).src);
  return /\.svg(?:[?#]|$)/i.test(str(src.id) ?? str(src.url) ?? '');
};

/** Whether an image's alt text says what its caption says (spacing and case aside). */
const sameWords = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').toLocaleLowerCase() === b.replace(/\s+/g, ' ').toLocaleLowerCase();

export function Image({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'imageData');
  const caption = text(data.caption);
  const container = containerProps(data.containerData, 'rc-image');
  const linked = obj(data.link) !== undefined;
  const described = text(data.altText);
  // As in a gallery: alt text that says what the caption says is left to the caption, unless it names a link.
  const alt =
    data.decorative === true || (!linked && described && caption && sameWords(described, caption))
      ? ''
      : (described ?? (linked ? (caption ?? 'Image') : ''));
  const className = isSvg(data.image) ? 'rc-img rc-img-svg' : undefined;
  const img = Img({
    media: data.image,
    alt,
    priority: ctx.doc.firstImage === node,
    displayWidth: container.customWidth,
    className,
  });
  if (!img) {
    // No image to show (its address cannot be loaded): its caption, data or node, still says what was there.
    const captionNodes = renderChildren(node, ctx);
    return caption || captionNodes.length ? (
      <p className="rc-caption">
        {caption}
        {captionNodes}
      </p>
    ) : null;
  }
  return (
    <Figure node={node} ctx={ctx} container={container} caption={caption}>
      {withLink(img, data.link, ctx)}
    </Figure>
  );
}

function GalleryItem({ item, priority, ctx }: { item: Rec; priority: boolean; ctx: RenderContext }): ReactNode {
  const title = text(item.title);
  const image = obj(item.image);
  const video = obj(item.video);
  let content: ReactNode = null;
  if (image) {
    const linked = linkProps(image.link, anchorResolver(ctx)) !== null;
    const described = text(item.altText) ?? title ?? '';
    // The caption names the image already: the same words as its alt would be read twice. A linked image keeps them,
    // as the link's name (the caption is outside the link).
    const alt = !linked && title && sameWords(described, title) ? '' : described;
    const img = Img({ media: image.media, alt, priority });
    content = img && withLink(img, image.link, ctx);
  } else if (video) {
    content = VideoPlayer({ media: video.media, thumbnail: video.thumbnail, title });
  }
  if (!content) return null;
  return (
    <figure className="rc-gallery-item">
      {content}
      {title && <figcaption className="rc-figcaption">{title}</figcaption>}
    </figure>
  );
}

export function Gallery({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'galleryData');
  const container = containerProps(data.containerData, 'rc-gallery');
  const columns = int(rec(rec(data.options).layout).numberOfColumns, 1, 6) ?? 3;
  const first = ctx.doc.firstImage === node;
  const items = arr(data.items)
    .slice(0, MAX_GALLERY_ITEMS)
    .map((raw, i) => obj(raw) && GalleryItem({ item: obj(raw)!, priority: first && i === 0, ctx }))
    .filter(Boolean);
  if (!items.length) return null;
  return (
    <Figure
      node={node}
      ctx={ctx}
      container={{ ...container, style: { ...container.style, '--rc-gallery-cols': columns } }}
    >
      <ul className="rc-gallery-grid">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </Figure>
  );
}

export function Gif({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'gifData');
  // A GIF is served by GIPHY (https) or, in the local source, from the media folder.
  const gifUrl = (value: unknown) => httpUrl(value) ?? localMediaUrl(value);
  const src = gifUrl(rec(data.downsized).gif) ?? gifUrl(rec(data.original).gif);
  if (!src) return null;
  const width = int(data.width, 1, 4000);
  const height = int(data.height, 1, 4000);
  const priority = ctx.doc.firstImage === node;
  const container = containerProps(data.containerData, cx('rc-gif', data.gifType === 'STICKER' && 'rc-gif-sticker'));
  return (
    <Figure node={node} ctx={ctx} container={container}>
      <img
        className="rc-img"
        src={src}
        width={width}
        height={width && height ? height : undefined}
        alt="Animated GIF"
        {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
      />
    </Figure>
  );
}

/**
 * The video, its title as page text (the one `plainText` gives for it) and, for YouTube or Vimeo, a plain link to watch
 * it there.
 */
export function Video({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'videoData');
  const title = text(data.title);
  const player = VideoPlayer({ media: data.video, thumbnail: data.thumbnail, title });
  if (!player) return null;
  const hosted = hostedVideoOf(data.video);
  const caption = (title || hosted) && (
    <>
      {title && <span className="rc-video-title">{title}</span>}
      {hosted && (
        <a className="rc-link rc-video-watch" href={hosted.pageUrl} target="_blank" rel="noopener noreferrer">
          Watch on {hosted.provider}
        </a>
      )}
    </>
  );
  return (
    <Figure
      node={node}
      ctx={ctx}
      container={containerProps(data.containerData, 'rc-video')}
      caption={caption || undefined}
    >
      {player}
    </Figure>
  );
}

/** A URL as a CSS `url("…")`: the characters that could end the string or the value are escaped. */
const cssUrl = (src: string) =>
  `url("${src.replace(/["\\\n\r]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}")`;

/**
 * Editor shapes are one-colour SVGs the author tints with `styles.color`: drawn as a mask in that colour (adapted
 * to stand out in each scheme), since an SVG in an <img> cannot take the page's colours. Untinted ones stay an
 * image, given a light backdrop in dark mode by the CSS.
 */
export function Shape({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'shapeData');
  const alt = text(data.altText) ?? '';
  const shape = rec(data.shape);
  const image = resolveImage(shape.src, shape);
  const color = adaptColor(get(data, 'styles', 'color'), ctx.background, GRAPHIC_CONTRAST, 'fg');
  let content: ReactNode;
  if (image && color && image.width && image.height) {
    const style: Style = {
      ...colorVars('rc-shape-color', color),
      width: `${image.width}px`,
      aspectRatio: `${image.width} / ${image.height}`,
      maskImage: cssUrl(image.src),
      WebkitMaskImage: cssUrl(image.src),
    };
    content = (
      <span
        className="rc-shape-fill"
        role={alt ? 'img' : undefined}
        {...defined({ 'aria-label': alt || undefined })}
        aria-hidden={alt ? undefined : true}
        {...defined({ style: style })}
      />
    );
  } else {
    content = Img({ media: data.shape, alt, className: 'rc-shape-img' });
  }
  if (!content) return null;
  const container = containerProps(data.containerData, 'rc-shape');
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={container.className}
      {...defined({ style: container.style })}
    >
      {withLink(content, data.link, ctx)}
    </div>
  );
}
