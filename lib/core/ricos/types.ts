import type { posts } from '@wix/blog';

// Node data objects are typed with @wix/blog's own interfaces, so a misspelt field fails `tsc`; the node
// itself stays open because documents may carry legacy type names (BULLET_LIST, GIPHY).

export interface RicosNode {
  type: string;
  id?: string;
  nodes: RicosNode[];
  [data: string]: unknown;
}

export type Decoration = posts.Decoration;
export type Link = posts.Link;
export type Container = posts.PluginContainerData;

/** Inline content: a string (parsed as light markup) or a ready TEXT node. */
export type Inline = string | RicosNode;

/** A file in the content folder's `media/`. */
export interface MediaFile {
  file: string;
  width: number;
  height: number;
  alt: string;
}

export const container = (overrides: Container = {}): Container => ({
  alignment: 'CENTER',
  width: { size: 'CONTENT' },
  textWrap: true,
  ...overrides,
});
