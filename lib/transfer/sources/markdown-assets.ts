import type * as Md from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { type DefaultTreeAdapterTypes as T, parseFragment } from 'parse5';

// The media a Markdown post names, for the folder's reader (markdown-folder.ts) to find on disk: its images
// (`![]()`, an image's `[x]: url`, raw HTML's `src`) and the files its ```ricos:<kind> blocks name, each address
// handed to the reader's `asset`, which answers the address the post keeps for it.

/** An address the post names (and its alt text): the address to keep for it, or undefined to keep it as written. */
export type Asset = (ref: string, alt?: string) => string | undefined;

/** Each node of a Markdown tree, depth first. */
const nodesOf = (node: Md.Nodes): Md.Nodes[] => [node, ...('children' in node ? node.children.flatMap(nodesOf) : [])];

/** The Markdown with its images' addresses (`![]()`, an image's `[x]: url`, HTML's `src`) as `asset` makes them. */
export function withAssets(body: string, asset: Asset): string {
  const edits: [number, number, string][] = [];
  const nodes = nodesOf(fromMarkdown(body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
  const images = new Set(nodes.flatMap((node) => (node.type === 'imageReference' ? [node.identifier] : [])));
  for (const node of nodes) {
    const [start, end] = [node.position?.start.offset ?? -1, node.position?.end.offset ?? -1];
    const image = node.type === 'image' || (node.type === 'definition' && images.has(node.identifier));
    if ((node.type === 'image' || node.type === 'definition') && image && start >= 0) {
      const url = asset(node.url, node.type === 'image' ? (node.alt ?? undefined) : undefined);
      const title = node.title ? ` "${node.title.replaceAll('"', '\\"')}"` : '';
      const alt = node.type === 'image' ? (node.alt ?? '').replace(/[[\]\\]/g, '\\$&') : '';
      const label = node.type === 'definition' ? `[${node.label ?? node.identifier}]: ` : '';
      if (url && url !== node.url)
        edits.push([start, end, label ? `${label}<${url}>${title}` : `![${alt}](<${url}>${title})`]);
    }
    // The files a ```ricos:<kind> block names (this site's export: `images: [/media/a.png]`, `src: /media/b.mp4`):
    // found and listed, their addresses kept.
    if (node.type === 'code' && node.lang?.startsWith('ricos:'))
      for (const [ref] of node.value.matchAll(/\/media\/[^\s"',[\]()<>]+/g)) asset(ref);
    // Raw HTML's own `src` attributes, where the node is the source as written (not inside a quote or a list).
    if (node.type === 'html' && start >= 0 && body.slice(start, end) === node.value) {
      const walk = (parent: T.ParentNode) =>
        parent.childNodes.forEach((child) => {
          if (!('tagName' in child)) return;
          const [src, at] = [
            child.attrs.find((item) => item.name === 'src')?.value,
            child.sourceCodeLocation?.attrs?.src,
          ];
          const alt = child.attrs.find((item) => item.name === 'alt')?.value;
          const url = src && /^(img|source|video|audio)$/.test(child.tagName) ? asset(src, alt) : undefined;
          if (url && at && url !== src) edits.push([start + at.startOffset, start + at.endOffset, `src="${url}"`]);
          walk(child);
        });
      walk(parseFragment(node.value, { sourceCodeLocationInfo: true }));
    }
  }
  edits.sort((a, b) => b[0] - a[0]);
  return edits.reduce((text, [from, to, value]) => text.slice(0, from) + value + text.slice(to), body);
}
