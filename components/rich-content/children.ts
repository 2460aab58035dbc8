import type { ReactNode } from 'react';
import type { RenderContext } from './context';
import { MAX_DEPTH, canonicalType } from './document';
import { childNodes, obj, type Rec } from './fields';
import { keyed } from './compact';
import { TextRun } from './text';

export interface ChildEntry {
  /** Canonical type of the child, `TEXT` for a run of text nodes. */
  type: string | undefined;
  element: ReactNode;
}

/**
 * A node's children, rendered: runs of TEXT nodes become one run (so decorations can span them), the rest go through
 * the node map.
 */
export function childEntries(node: Rec, ctx: RenderContext, overrides: Partial<RenderContext> = {}): ChildEntry[] {
  const out: ChildEntry[] = [];
  const base: RenderContext = { ...ctx, ...overrides, depth: ctx.depth + 1, parent: canonicalType(node), index: 0 };
  if (base.depth >= MAX_DEPTH) return out;
  let run: Rec[] = [];
  const flushRun = () => {
    if (run.length)
      out.push({
        type: 'TEXT',
        element: keyed(TextRun({ nodes: run, ctx: base }), `t${out.length}`),
      });
    run = [];
  };
  let index = 0;
  for (const child of childNodes(node)) {
    const c = obj(child);
    if (!c) continue;
    const type = canonicalType(c);
    const childCtx = { ...base, index: index++ };
    if (type === 'TEXT') {
      run.push(c);
      continue;
    }
    flushRun();
    out.push({ type, element: keyed(ctx.renderNode(c, childCtx), `n${out.length}`) });
  }
  flushRun();
  return out;
}

export const renderChildren = (node: Rec, ctx: RenderContext, overrides?: Partial<RenderContext>): ReactNode[] =>
  childEntries(node, ctx, overrides).map((entry) => entry.element);

/** Children of a container with a strict content model (list, table row): foreign children get wrapped. */
export const wrapForeign = (
  entries: ChildEntry[],
  expected: string,
  wrap: (child: ReactNode, key: string) => ReactNode,
): ReactNode[] => entries.map((entry, i) => (entry.type === expected ? entry.element : wrap(entry.element, `w${i}`)));
