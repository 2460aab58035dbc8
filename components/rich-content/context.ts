import type { ReactNode } from 'react';
import type { Rgb } from './color';
import type { DocumentInfo } from './document';
import { str, type Rec } from './fields';

export interface RenderContext {
  doc: DocumentInfo;
  depth: number;
  /** Canonical type of the parent node. */
  parent?: string;
  /** Position among the parent's children. */
  index: number;
  /** Inside an element that only takes phrasing content (`<summary>`): blocks render as spans. */
  inline: boolean;
  /** Whether client islands (a code block's "Copy") render: not in markup made outside a page (the feed). */
  islands: boolean;
  /** The post on whose page the content renders: polls vote for it. Absent elsewhere (the feed, a preview). */
  postId?: string;
  /** The ids of the post's polls the owner closed: they show their options and no form. */
  closedPolls?: readonly string[];
  renderNode: (node: unknown, ctx: RenderContext) => ReactNode;
  collapsible?: { open: 'FIRST' | 'ALL' | 'NONE'; group?: string };
  table?: { rowHeader: boolean; columnHeader: boolean; row: number };
  /** The nearest author background the content sits on, when it is a colour we can measure. */
  background?: Rgb;
}

export interface NodeProps {
  node: Rec;
  ctx: RenderContext;
}

export type NodeRenderer = (props: NodeProps) => ReactNode;

/** The id attribute a node renders with when an anchor link points at it. */
export const anchorId = (node: Rec, ctx: RenderContext): string | undefined => {
  const id = str(node.id);
  return id ? ctx.doc.anchors.get(id) : undefined;
};

/** Resolves an anchor's target node id to the id rendered on the page. */
export const anchorResolver = (ctx: RenderContext) => (nodeId: string) => ctx.doc.anchors.get(nodeId) ?? nodeId;
