import type { posts } from '@wix/blog';
import { inline } from './text';
import { container, type Inline, type Link, type MediaFile, type RicosNode } from './types';

const media = (file: MediaFile): posts.V1Media => ({ src: { id: file.file }, width: file.width, height: file.height });

/** A file of the content folder's media/, or an image anywhere by URL (of a size unknown here). */
export type ImageSource = MediaFile | { url: string; alt: string };

interface ImageOptions {
  caption?: Inline | Inline[];
  /** The deprecated string caption older documents carry instead of a CAPTION node. */
  legacyCaption?: string;
  link?: Link;
  size?: posts.WidthTypeWithLiterals;
}

export const image = (file: ImageSource, options: ImageOptions = {}): RicosNode => ({
  type: 'IMAGE',
  nodes: options.caption
    ? [
        {
          type: 'CAPTION',
          nodes: inline([options.caption].flat()),
          captionData: { textStyle: { textAlignment: 'CENTER' } } satisfies posts.CaptionData,
        },
      ]
    : [],
  imageData: {
    containerData: container({ width: { size: options.size ?? 'CONTENT' } }),
    image: 'url' in file ? { src: { url: file.url } } : media(file),
    altText: file.alt,
    ...(options.link && { link: options.link }),
    ...(options.legacyCaption && { caption: options.legacyCaption }),
  } satisfies posts.ImageData,
});

export const gallery = (files: MediaFile[], layout: posts.LayoutTypeWithLiterals = 'GRID'): RicosNode => ({
  type: 'GALLERY',
  nodes: [],
  galleryData: {
    containerData: container(),
    items: files.map((file) => ({
      image: { media: { ...media(file), src: { url: `/media/${file.file}` } } },
      title: file.alt,
      altText: file.alt,
    })),
    options: {
      layout: { type: layout, orientation: 'ROWS', horizontalScroll: false, numberOfColumns: 3 },
      item: { crop: 'FILL', targetSize: 300, ratio: 1, spacing: 12 },
      thumbnails: { placement: 'BOTTOM', spacing: 0 },
    },
  } satisfies posts.GalleryData,
});

export const video = (url: string, title: string, thumbnail?: MediaFile): RicosNode => ({
  type: 'VIDEO',
  nodes: [],
  videoData: {
    containerData: container(),
    video: { src: { url } },
    ...(thumbnail && { thumbnail: media(thumbnail) }),
    title,
    options: { autoPlay: false, playInLoop: false, showControls: true },
  } satisfies posts.VideoData,
});

/** A GIF of content/media (with a still of its first frame); `legacy` writes the old GIPHY type name. */
export const gif = (
  file: { file: string; still: string; width: number; height: number },
  legacy = false,
): RicosNode => {
  const source = { gif: `/media/${file.file}`, still: `/media/${file.still}` };
  return {
    type: legacy ? 'GIPHY' : 'GIF',
    nodes: [],
    gifData: {
      containerData: container({ width: { size: 'SMALL' } }),
      original: source,
      downsized: source,
      width: file.width,
      height: file.height,
      gifType: 'NORMAL',
    } satisfies posts.GIFData,
  };
};

export const audio = (url: string, name: string, authorName: string, cover?: MediaFile): RicosNode => ({
  type: 'AUDIO',
  nodes: [],
  audioData: {
    containerData: container(),
    audio: { src: { url } },
    name,
    authorName,
    ...(cover && { coverImage: media(cover) }),
  } satisfies posts.AudioData,
});

export const file = (url: string, name: string, type: string, mimeType: string, sizeInKb: number): RicosNode => ({
  type: 'FILE',
  nodes: [],
  fileData: {
    containerData: container({ width: { size: 'SMALL' } }),
    src: { url },
    name,
    type,
    mimeType,
    sizeInKb: String(sizeInKb),
  } satisfies posts.FileData,
});

export const html = (source: { html: string } | { url: string }, height = 240): RicosNode => ({
  type: 'HTML',
  nodes: [],
  htmlData: {
    containerData: container({ height: { custom: String(height) } }),
    ...source,
    source: 'HTML',
    autoHeight: false,
  } satisfies posts.HTMLData,
});

export const embed = (src: string, oembed: posts.Oembed): RicosNode => ({
  type: 'EMBED',
  nodes: [],
  embedData: { containerData: container(), src, oembed } satisfies posts.EmbedData,
});

export const linkPreview = (url: string, title: string, description: string, thumbnailUrl?: string): RicosNode => ({
  type: 'LINK_PREVIEW',
  nodes: [],
  linkPreviewData: {
    containerData: container(),
    link: { url, target: 'BLANK', rel: { noreferrer: true } },
    title,
    description,
    thumbnailUrl,
  } satisfies posts.LinkPreviewData,
});

export const map = (settings: posts.MapSettings): RicosNode => ({
  type: 'MAP',
  nodes: [],
  mapData: {
    containerData: container({ height: { custom: '300' } }),
    mapSettings: {
      marker: true,
      draggable: true,
      zoomControl: true,
      streetViewControl: false,
      viewModeControl: false,
      initialZoom: 15,
      mapType: 'ROADMAP',
      ...settings,
    },
  } satisfies posts.MapData,
});

export const poll = (
  id: string,
  title: string,
  options: string[],
  permissions: posts.Permissions = { view: 'EVERYONE', vote: 'ALL', allowMultipleVotes: false },
): RicosNode => ({
  type: 'POLL',
  nodes: [],
  pollData: {
    containerData: container(),
    poll: {
      id,
      title,
      options: options.map((option, index) => ({ id: `${id}-${index + 1}`, title: option })),
      settings: {
        permissions,
        showVoters: false,
        showVotesCount: true,
      },
    },
    layout: { poll: { type: 'LIST', direction: 'LTR', enableImage: false }, options: { enableImage: false } },
    design: {
      poll: { background: { type: 'COLOR', color: '#F3F6FB' }, borderRadius: 8 },
      options: { borderRadius: 4 },
    },
  } satisfies posts.PollData,
});

export const appEmbed = (data: posts.AppEmbedData): RicosNode => ({
  type: 'APP_EMBED',
  nodes: [],
  appEmbedData: { containerData: container(), ...data } satisfies posts.AppEmbedData,
});

const buttonStyles = {
  borderRadius: 6,
  borderWidth: 0,
  textColor: '#FFFFFF',
  background: { type: 'COLOR', color: '#1F4FD8' },
} satisfies posts.Styles;

export const linkButton = (text: string, link: Link): RicosNode => ({
  type: 'BUTTON',
  nodes: [],
  buttonData: {
    containerData: container({ alignment: 'LEFT' }),
    type: 'LINK',
    text,
    link,
    styles: buttonStyles,
  } satisfies posts.ButtonData,
});

export const actionButton = (text: string): RicosNode => ({
  type: 'BUTTON',
  nodes: [],
  buttonData: {
    containerData: container({ alignment: 'LEFT' }),
    type: 'ACTION',
    text,
    styles: buttonStyles,
  } satisfies posts.ButtonData,
});

export const shape = (svg: MediaFile, color: string): RicosNode => ({
  type: 'SHAPE',
  nodes: [],
  shapeData: {
    containerData: container({ width: { size: 'SMALL' } }),
    shape: media(svg),
    styles: { color },
    altText: svg.alt,
  } satisfies posts.ShapeData,
});

/** A node owned by a third-party editor plugin; renderers that do not know it skip it. */
export const external = (data: Record<string, unknown>): RicosNode => ({
  type: 'EXTERNAL',
  nodes: [],
  externalData: data,
});
