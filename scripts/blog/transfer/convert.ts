import { assignIds } from '../../content/ricos/document';
import { markdownToRicos } from '../markdown';
import { resolveUrl } from './html-context';
import { htmlBlocks, type HtmlOptions, htmlToRicos } from './html-to-ricos';
import type { Converted, SourceBody } from './types';

// A source post's body as the site's Ricos nodes: HTML (WordPress, Ghost, Substack, Medium) by html-to-ricos.ts,
// Markdown (a folder of Hugo or Jekyll posts) by the site's own Markdown converter (scripts/blog/markdown.ts), the raw
// HTML such posts hold (a <figure>, an <iframe>) read by html-to-ricos.ts rather than left as text.

export type ConvertOptions = HtmlOptions;

export function convertBody(body: SourceBody, options: ConvertOptions = {}): Converted {
  if (body.format === 'html') return htmlToRicos(body.html, options);
  const keptAsHtml: string[] = [];
  const media: string[] = [];
  const add = (url: string) => {
    if (!media.includes(url)) media.push(url);
  };
  const nodes = markdownToRicos(body.markdown, {
    imageSource: (url, alt) => {
      const src = resolveUrl(options.baseUrl, url) ?? url;
      add(src);
      return { url: src, alt };
    },
    html: (html) => {
      const converted = htmlBlocks(html, options);
      keptAsHtml.push(...converted.keptAsHtml);
      converted.media.forEach(add);
      return converted.nodes;
    },
  });
  return { nodes: assignIds(nodes, body.markdown), keptAsHtml, media };
}
