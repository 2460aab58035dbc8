import type { ReactNode } from 'react';
import { renderChildren } from './children';
import type { NodeProps, RenderContext } from './context';
import { MAX_DEPTH, canonicalType, textOf } from './document';
import { obj } from './fields';
import { NODE_RENDERERS, type NodeType } from './node-map';

const MAX_WARNINGS = 100;
const warned = new Set<string>();

function warnOnce(kind: string, type: string, error?: unknown): void {
  const key = `${kind}:${type}`;
  if (warned.has(key) || warned.size >= MAX_WARNINGS) return;
  warned.add(key);
  if (error === undefined) console.warn(`[rich-content] unknown node type "${type}": rendering its text only`);
  else console.warn(`[rich-content] could not render a ${type} node:`, error);
}

/** A type we have no renderer for: its text and children, nothing more. */
function Fallback({ node, ctx }: NodeProps): ReactNode {
  const own = textOf(node);
  const children = renderChildren(node, ctx);
  if (!own && !children.length) return null;
  const Tag = ctx.inline ? 'span' : 'div';
  return (
    <Tag className="rc-unknown">
      {own}
      {children}
    </Tag>
  );
}

export function renderNode(node: unknown, ctx: RenderContext): ReactNode {
  const n = obj(node);
  if (!n || ctx.depth >= MAX_DEPTH) return null;
  const type = canonicalType(n);
  try {
    if (type && Object.hasOwn(NODE_RENDERERS, type)) return NODE_RENDERERS[type as NodeType]({ node: n, ctx });
    warnOnce('unknown', type ?? '(no type)');
    return Fallback({ node: n, ctx });
  } catch (error) {
    // One broken node must not take the post down with it.
    warnOnce('error', type ?? '(no type)', error);
    return null;
  }
}
