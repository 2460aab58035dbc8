import { arr, childNodes, get, int, nodeData, obj, rec, str, type Rec } from './fields';
import { uniqueSlugger } from './slug';

/** Deeper content is not rendered, listed or counted: real documents nest a handful of levels. */
export const MAX_DEPTH = 200;

const LEGACY_TYPES: Record<string, string> = { BULLET_LIST: 'BULLETED_LIST', GIPHY: 'GIF' };

/** The node's type in today's vocabulary (`BULLET_LIST` → `BULLETED_LIST`), or `undefined` when absent. */
export function canonicalType(node: Rec): string | undefined {
  const raw = str(node.type)?.trim();
  if (!raw || raw.length > 100) return undefined;
  const upper = raw.toUpperCase();
  return Object.hasOwn(LEGACY_TYPES, upper) ? LEGACY_TYPES[upper] : upper;
}

/** The root node list of `post.richContent`, a bare node array, or nothing. */
export function rootNodes(content: unknown): readonly unknown[] {
  if (Array.isArray(content)) return content;
  return arr(obj(content)?.nodes);
}

export interface Visit {
  node: Rec;
  type: string | undefined;
  depth: number;
}

/** Depth-first, document-order walk without recursion; stops descending at `MAX_DEPTH`. */
export function* walk(nodes: readonly unknown[], startDepth = 0): Generator<Visit> {
  const stack: { node: unknown; depth: number }[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i], depth: startDepth });
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    const n = obj(node);
    if (!n || depth >= MAX_DEPTH) continue;
    yield { node: n, type: canonicalType(n), depth };
    const children = childNodes(n);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], depth: depth + 1 });
  }
}

export const textOf = (node: Rec): string => str(nodeData(node, 'textData').text) ?? '';

/** The text inside a node (its TEXT descendants), whitespace collapsed. */
export function inlineText(node: Rec, depth = 0): string {
  let out = '';
  for (const visit of walk([node], depth)) if (visit.type === 'TEXT') out += textOf(visit.node);
  return out
    .replace(/[\u200b\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function headingLevel(node: Rec): number {
  const data = nodeData(node, 'headingData');
  return int(data.renderedLevel, 1, 6) ?? int(data.level, 1, 6) ?? 2;
}

export interface TocEntry {
  id: string;
  text: string;
  level: number;
}

export interface DocumentInfo {
  toc: TocEntry[];
  /** Whether the document has a contents block of its own (a TOC node). */
  hasToc: boolean;
  headingIds: Map<Rec, string>;
  /** Node ids that ANCHOR decorations or anchor links point at, and the id each one renders with. */
  anchors: Map<string, string>;
  firstImage: Rec | undefined;
}

const IMAGE_TYPES = new Set(['IMAGE', 'GALLERY', 'GIF']);
const LINK_HOLDERS = ['imageData', 'buttonData', 'shapeData'] as const;

function collectAnchors(node: Rec, type: string | undefined, into: Set<string>): void {
  const add = (value: unknown) => {
    const id = str(value)?.trim();
    if (id) into.add(id);
  };
  if (type === 'TEXT') {
    for (const d of arr(nodeData(node, 'textData').decorations)) {
      const deco = rec(d);
      add(get(deco, 'anchorData', 'anchor'));
      add(get(deco, 'linkData', 'link', 'anchor'));
    }
    return;
  }
  for (const key of LINK_HOLDERS) add(get(node, key, 'link', 'anchor'));
}

/**
 * A heading worth listing in a table of contents has a word in it: "17" or "−38%" in a stats block is a figure, not a
 * section.
 */
const isSectionTitle = (text: string): boolean => /\p{L}/u.test(text);

/** One pass over the document before rendering: heading ids, table of contents, anchor targets, first image. */
export function analyzeDocument(content: unknown): DocumentInfo {
  const slug = uniqueSlugger();
  const toc: TocEntry[] = [];
  const headingIds = new Map<Rec, string>();
  const headingByNodeId = new Map<string, string>();
  const targets = new Set<string>();
  let firstImage: Rec | undefined;
  let hasToc = false;

  for (const { node, type, depth } of walk(rootNodes(content))) {
    collectAnchors(node, type, targets);
    if (!firstImage && type && IMAGE_TYPES.has(type)) firstImage = node;
    if (type === 'TOC') hasToc = true;
    if (type !== 'HEADING') continue;
    const text = inlineText(node, depth);
    if (!text) continue;
    const id = slug(text);
    headingIds.set(node, id);
    const nodeId = str(node.id);
    if (nodeId && !headingByNodeId.has(nodeId)) headingByNodeId.set(nodeId, id);
    if (isSectionTitle(text)) toc.push({ id, text, level: headingLevel(node) });
  }

  const anchors = new Map<string, string>();
  for (const target of targets) anchors.set(target, headingByNodeId.get(target) ?? target);
  return { toc, hasToc, headingIds, anchors, firstImage };
}
