import { markdownToRicos, type Directive } from '@/lib/core/ricos/markdown';
import { importDirective } from '@/lib/transfer/convert-directives';
import { mediaFile } from '@/scripts/content/demo/directives';
import type { RicosNode } from '@/lib/core/ricos/types';

// Reading an export's Markdown back as the site would (tests/transfer/export.test.ts, ricos-to-markdown.test.ts), and
// what "the same nodes" allows for.

/** A media source's `/media/<file>` as the content folder's `<file>`, as the site keeps a file of its own media. */
function ownFiles(value: unknown, key = '', parent = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => ownFiles(item, key, parent));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ownFiles(v, k, key)]));
  const file = key === 'id' && parent === 'src' && typeof value === 'string' && value.startsWith('/media/');
  return file ? value.slice('/media/'.length) : value;
}

/**
 * The site's reader: the demo's blocks, and the media blocks as the import reads them (the files' sizes and alt text
 * the block says: convert-directives.ts), ```ricos:node as its JSON, images of content/media as the demo reads them.
 */
export const readBack = (markdown: string) =>
  markdownToRicos(markdown, {
    directive: (d: Directive) =>
      d.kind === 'node'
        ? [JSON.parse(d.body) as RicosNode]
        : (ownFiles(importDirective((url) => url)(d)) as RicosNode[]),
    imageSource: (url, alt) => {
      const found = mediaFile(url);
      return found ? (alt ? { ...found, alt } : found) : { url, alt };
    },
  });
type Text = { text: string; decorations: unknown[] };
const textNode = (text: string, decorations: unknown[]): RicosNode => ({
  type: 'TEXT',
  id: '',
  nodes: [],
  textData: { text, decorations },
});
/**
 * Nodes with the white space at a marked text's edges unmarked, marks in one order, and like text merged: Markdown's
 * `*…*` cannot start or end with a space, so the export moves it outside (a space's italics are not seen).
 */
export function edgesUnmarked(nodes: RicosNode[]): RicosNode[] {
  const runs: RicosNode[] = [];
  for (const node of nodes) {
    if (node.type !== 'TEXT') {
      runs.push({ ...node, nodes: edgesUnmarked(node.nodes) });
      continue;
    }
    const { text } = node.textData as Text;
    // The marks' order says nothing (`[**a**](url)` reads as link then bold).
    const decorations = (node.textData as Text).decorations
      .map((d) => JSON.stringify(d))
      .sort()
      .map((d) => JSON.parse(d));
    const [, lead = '', inner = '', trail = ''] = decorations.length
      ? /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!
      : ['', '', text, ''];
    for (const [part, marks] of [
      [lead, []],
      [inner, decorations],
      [trail, []],
    ] as const) {
      const last = runs.at(-1);
      if (!part) continue;
      if (last?.type === 'TEXT' && JSON.stringify((last.textData as Text).decorations) === JSON.stringify(marks))
        runs[runs.length - 1] = textNode((last.textData as Text).text + part, [...marks]);
      else runs.push(textNode(part, [...marks]));
    }
  }
  return runs;
}
