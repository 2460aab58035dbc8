import { assignIds } from '@/lib/core/ricos/document';
import type { RicosNode } from '@/lib/core/ricos/types';
import { markdownToRicos } from '@/lib/core/ricos/markdown';
import { importDirective } from './convert-directives';
import { resolveUrl } from './html-context';
import { htmlBlocks, type HtmlOptions, htmlToRicos } from './html-to-ricos';
import type { Converted, SourceBody } from './types';

// A source post's body as the site's Ricos nodes: HTML (WordPress, Ghost, Substack, Medium) by html-to-ricos.ts,
// Markdown (a folder of Hugo or Jekyll posts, this site's own export) by the site's own Markdown converter
// (lib/core/ricos/markdown.ts: its ```ricos:node JSON, and its ```ricos:<kind> blocks by convert-directives.ts), the
// raw HTML such posts hold (a <figure>, an <iframe>) read by html-to-ricos.ts rather than left as text; Ricos (this
// site's own WordPress export keeps each post's nodes whole) as it is.

export type ConvertOptions = HtmlOptions;

/** Keys whose string is a media address, besides a source's `url` or `id` (`{ src: { id } }`): a GIF's files, a link
 * preview's picture. */
const MEDIA_KEYS = new Set(['gif', 'still', 'thumbnailUrl']);

/** An address of a file (`x.png`, `/media/a.mp4`, `https://…/b.pdf?v=2`), not of a page (a YouTube video's). */
const FILE = /\.[a-z\d]{2,5}(?:[?#]|$)/i;

/** The media files nodes name (images, galleries, files, videos, posters, GIFs), each once. */
export function mediaOfNodes(nodes: RicosNode[]): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, key: string, parent: string) => {
    if (typeof value === 'string') {
      const media = MEDIA_KEYS.has(key) || (parent === 'src' && (key === 'url' || key === 'id'));
      if (media && FILE.test(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, key, parent));
    else if (value && typeof value === 'object')
      for (const [child, item] of Object.entries(value)) visit(item, child, key);
  };
  visit(nodes, '', '');
  return [...found];
}

export function convertBody(body: SourceBody, options: ConvertOptions = {}): Converted {
  if (body.format === 'html') return htmlToRicos(body.html, options);
  if (body.format === 'ricos') {
    const nodes = structuredClone(body.nodes);
    return { nodes, keptAsHtml: [], media: mediaOfNodes(nodes) };
  }
  const keptAsHtml: string[] = [];
  const media: string[] = [];
  const add = (url: string) => {
    if (!media.includes(url)) media.push(url);
  };
  const at = (url: string) => {
    const src = resolveUrl(options.baseUrl, url) ?? url;
    add(src);
    return src;
  };
  const nodes = markdownToRicos(body.markdown, {
    imageSource: (url, alt) => ({ url: at(url), alt }),
    directive: importDirective(at),
    html: (html) => {
      const converted = htmlBlocks(html, options);
      keptAsHtml.push(...converted.keptAsHtml);
      converted.media.forEach(add);
      return converted.nodes;
    },
  });
  // What the demo's own blocks name (a file's, an audio's address) is listed too.
  mediaOfNodes(nodes).forEach(add);
  return { nodes: assignIds(nodes, body.markdown), keptAsHtml, media };
}
