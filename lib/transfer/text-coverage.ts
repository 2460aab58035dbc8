import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { htmlText } from '@/lib/core/html-text';
import type { SourceBody } from './types';

// How much of a source post's text an import kept: the words a reader sees in the source's content (its HTML's text
// outside scripts, styles and comments; its Markdown's text, code included), and the share of them found, as many
// times, in the imported post's text. The target is 100%.

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** The text of a Markdown document (raw HTML inside it read as HTML). */
export function markdownText(markdown: string): string {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as MdNode;
  const out: string[] = [];
  const visit = (node: MdNode) => {
    if (node.type === 'html') out.push(htmlText(node.value ?? ''));
    else if (typeof node.value === 'string') out.push(node.value);
    for (const child of node.children ?? []) visit(child);
    out.push(' ');
  };
  visit(tree);
  return out.join('');
}

export const sourceText = (body: SourceBody) =>
  body.format === 'html'
    ? htmlText(body.html)
    : body.format === 'ricos'
      ? nodesText(body.nodes)
      : markdownText(body.markdown);

/** A text's words, lower-cased: runs of letters and digits in any script. */
export const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The share (0..1) of `source`'s words found in `imported`, each as many times as the source has it. */
export function coverage(source: string, imported: string): number {
  const wanted = wordsOf(source);
  if (!wanted.length) return 1;
  const have = new Map<string, number>();
  for (const word of wordsOf(imported)) have.set(word, (have.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of wanted) {
    const left = have.get(word) ?? 0;
    if (left > 0) {
      found++;
      have.set(word, left - 1);
    }
  }
  return found / wanted.length;
}

/** The words of `source` missing from `imported` (for a report's worst post). */
export function missingWords(source: string, imported: string, limit = 12): string[] {
  const have = new Map<string, number>();
  for (const word of wordsOf(imported)) have.set(word, (have.get(word) ?? 0) + 1);
  const missing: string[] = [];
  for (const word of wordsOf(source)) {
    const left = have.get(word) ?? 0;
    if (left > 0) have.set(word, left - 1);
    else if (missing.length < limit) missing.push(word);
  }
  return missing;
}

/** A node's data fields that hold words its page shows (a gallery item's title, a button's text, a preview's
 * description, a video's title, an audio's name). */
const SHOWN = new Set(['title', 'description', 'text', 'name', 'caption']);

/** The words of a node's data its page shows, each field apart: the page shows each in its own element (a gallery's
 * items' titles, each its own figcaption), so one's last word and the next one's first are two words, not one. */
function dataText(value: unknown, out: string[]) {
  if (Array.isArray(value)) for (const v of value) dataText(v, out);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && SHOWN.has(key)) out.push(v, ' ');
      else if (typeof v === 'object') dataText(v, out);
    }
  }
}

/**
 * The text a post's Ricos nodes show on its page: every text node's (captions, table cells and collapsed items
 * included), the words of a node's data its page shows, and an HTML block's visible text (shown in its frame).
 */
export function nodesText(nodes: readonly unknown[]): string {
  const out: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown> & { nodes?: unknown[] };
    for (const [key, value] of Object.entries(n)) {
      if (key === 'textData') out.push(String((value as { text?: string }).text ?? ''));
      else if (key === 'htmlData') out.push(htmlText(String((value as { html?: string }).html ?? '')), ' ');
      else if (key.endsWith('Data')) dataText(value, out);
    }
    for (const child of n.nodes ?? []) visit(child);
    out.push(' ');
  };
  for (const node of nodes) visit(node);
  return out.join('');
}
