import { posts } from '@wix/blog';
import { audio, gallery, gif, image, shape, video } from '@/lib/core/ricos/media';
import { linkTarget } from '@/lib/core/ricos/text';
import type { MediaFile, RicosNode } from '@/lib/core/ricos/types';
import { localFileOf, MEDIA_PATH } from '@/lib/blog/tools';
import { fenced, fieldsText, sameNode, Unwritable } from './ricos-to-markdown-fields';

// The ```ricos:<kind> blocks of the nodes that show the content folder's media (images, galleries, GIFs, shapes, a
// video's poster, an audio's cover), for ricos-to-markdown-directives.ts. Each block names its files and says what
// the file alone does not: its size and alt text (`width`, `height`, `alt`; a gallery's as lists, one item each; a
// GIF's still frame; a poster's or cover's size), so that the import (convert-directives.ts), which knows nothing of
// the files but what the block says, makes the same node again. Each block's fields are built back into the node
// as that reader would, and the block written only when that is the node.

export type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Each leaf kind: its fields and the node the reader makes of them; undefined when the data has no block. */
export type Leaf = (data: Data) => [fields: Record<string, unknown>, built: RicosNode] | undefined;

export const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
export const oneOf = <T extends string>(values: Record<string, T>, value: unknown) =>
  (Object.values(values) as unknown[]).includes(value) ? (value as T) : undefined;
/** A size the blocks hold (the reader takes whole pixels only). */
const pixels = (value: unknown) => (Number.isInteger(value) && (value as number) > 0 ? (value as number) : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A media object (`{ src: { id }, width, height }`) of the content folder's media, as the builders take it. */
function mediaOf(media: Data | undefined, alt?: unknown): MediaFile | undefined {
  const name = localFileOf(media?.src);
  if (!name || media?.src?.id === undefined) return undefined;
  return { file: name, width: pixels(media.width)!, height: pixels(media.height)!, alt: text(alt)! };
}
const mediaPath = (media: MediaFile | undefined) => media && `${MEDIA_PATH}${media.file}`;

/** A gallery's lists, written only when every item has its value (a list cannot hold a gap). */
const whole = <T>(values: (T | undefined)[]) => (values.every((value) => value !== undefined) ? values : undefined);

export const MEDIA_LEAVES: Record<string, [kind: string, data: string, leaf: Leaf]> = {
  GALLERY: [
    'gallery',
    'galleryData',
    (d) => {
      const items: Data[] = Array.isArray(d.items) ? d.items : [];
      const names = items.map((item) => localFileOf(item.image?.media?.src?.url));
      const type = oneOf(posts.LayoutType, d.options?.layout?.type) ?? 'GRID';
      if (!names.length || names.some((name) => !name)) return undefined;
      const widths = whole(items.map((item) => pixels(item.image.media.width)));
      const heights = whole(items.map((item) => pixels(item.image.media.height)));
      const alts = whole(items.map((item) => text(item.altText)));
      const files = names.map((name, i) => ({ file: name, width: widths?.[i], height: heights?.[i], alt: alts?.[i] }));
      const fields = {
        images: names.map((name) => `${MEDIA_PATH}${name}`),
        layout: type === 'GRID' ? undefined : type,
      };
      return [{ ...fields, widths, heights, alts }, gallery(files as MediaFile[], type)];
    },
  ],
  GIF: ['gif', 'gifData', (d) => gifLeaf(d, false)],
  GIPHY: ['gif', 'gifData', (d) => gifLeaf(d, true)],
  SHAPE: [
    'shape',
    'shapeData',
    (d) => {
      const svg = mediaOf(d.shape, d.altText);
      const color = str(d.styles?.color);
      if (!svg || !color) return undefined;
      return [{ src: mediaPath(svg), color, alt: svg.alt, width: svg.width, height: svg.height }, shape(svg, color)];
    },
  ],
  VIDEO: [
    'video',
    'videoData',
    (d) => {
      const poster = mediaOf(d.thumbnail);
      if (!str(d.video?.src?.url) || !str(d.title) || (d.thumbnail && !poster)) return undefined;
      const size = { posterWidth: poster?.width, posterHeight: poster?.height };
      return [
        { src: d.video.src.url, title: d.title, poster: mediaPath(poster), ...size },
        video(d.video.src.url, d.title, poster),
      ];
    },
  ],
  AUDIO: [
    'audio',
    'audioData',
    (d) => {
      const cover = mediaOf(d.coverImage);
      if (!str(d.audio?.src?.url) || !str(d.name) || !str(d.authorName) || (d.coverImage && !cover)) return undefined;
      const fields = { src: d.audio.src.url, name: d.name, author: d.authorName, cover: mediaPath(cover) };
      const size = { coverWidth: cover?.width, coverHeight: cover?.height };
      return [{ ...fields, ...size }, audio(d.audio.src.url, d.name, d.authorName, cover)];
    },
  ],
};

/** A GIF: its file, its still frame when another file, its size. */
function gifLeaf(d: Data, legacy: boolean): ReturnType<Leaf> {
  const name = localFileOf(d.original?.gif);
  const still = localFileOf(d.original?.still);
  if (!name || !still) return undefined;
  const [width, height] = [pixels(d.width)!, pixels(d.height)!];
  const built = gif({ file: name, still, width, height }, legacy);
  const fields = { src: `${MEDIA_PATH}${name}`, still: still === name ? undefined : `${MEDIA_PATH}${still}` };
  return [{ ...fields, width, height, legacy: legacy || undefined }, built];
}

/**
 * An image of the content folder's media as its ```ricos:image block, with what `![alt](/media/x.png "caption")`
 * cannot hold (its size, its alt text beside a link, a legacy caption, its width on the page), `caption` its caption
 * as Markdown; undefined when the block would not read back as the image.
 */
export function imageDirective(node: RicosNode, caption: string | undefined): string | undefined {
  const data = (node.imageData ?? {}) as Data;
  const file = data.image?.src?.id !== undefined ? mediaOf(data.image, data.altText) : undefined;
  if (!file) return undefined;
  const url = str(data.link?.url);
  const target = url && (data.link?.target === 'BLANK' || data.link?.target === 'SELF') ? data.link.target : undefined;
  const size = data.containerData?.width?.size === 'CONTENT' ? undefined : data.containerData?.width?.size;
  const fields = {
    src: mediaPath(file),
    ...{ alt: file.alt, width: file.width, height: file.height, size, caption, legacyCaption: data.caption },
    ...{ link: url, target },
  };
  const captionNodes = node.nodes.find((child) => child.type === 'CAPTION')?.nodes ?? [];
  // The reader takes a file of a size as the file itself (`src.id`), one without as an address (`src.url`).
  const built = image(file.width && file.height ? file : { url: mediaPath(file)!, alt: file.alt }, {
    ...(captionNodes.length && { caption: captionNodes }),
    ...(data.caption && { legacyCaption: data.caption }),
    ...(url && { link: { ...linkTarget(url), ...(target && { target }) } }),
    ...(size && { size }),
  });
  return sameNode(built, node) ? writable(() => fenced('ricos:image', fieldsText(fields))) : undefined;
}

/** What `write` makes, or undefined when its fields have no spelling in the blocks' YAML subset. */
export function writable(write: () => string): string | undefined {
  try {
    return write();
  } catch (error) {
    if (error instanceof Unwritable) return undefined;
    throw error;
  }
}
