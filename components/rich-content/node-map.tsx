import type { posts } from '@wix/blog';
import { CollapsibleItem, CollapsibleItemBody, CollapsibleItemTitle, CollapsibleList } from './collapsible-nodes';
import type { NodeRenderer } from './context';
import { AppEmbed, Embed, Html, LinkPreview } from './embed-nodes';
import { Card, External, Layout, LayoutCell, SmartBlock, SmartBlockCell } from './layout-nodes';
import { BulletedList, CheckboxList, ListItem, OrderedList } from './list-nodes';
import { Audio, FileNode } from './audio-file-nodes';
import { Gallery, Gif, Image, Shape, Video } from './media-nodes';
import { Table, TableCell, TableRow } from './table-nodes';
import { Blockquote, Caption, CodeBlock, Divider, Heading, Paragraph, Text } from './text-nodes';
import { Button, MapNode, Poll, TocNode } from './widget-nodes';

export type NodeType = `${posts.NodeType}`;

/** One renderer per node type; the type makes a node type added to `@wix/blog` a compile error here. */
export const NODE_RENDERERS: Record<NodeType, NodeRenderer> = {
  PARAGRAPH: Paragraph,
  TEXT: Text,
  HEADING: Heading,
  BULLETED_LIST: BulletedList,
  ORDERED_LIST: OrderedList,
  LIST_ITEM: ListItem,
  CHECKBOX_LIST: CheckboxList,
  BLOCKQUOTE: Blockquote,
  CODE_BLOCK: CodeBlock,
  CAPTION: Caption,
  DIVIDER: Divider,
  IMAGE: Image,
  GALLERY: Gallery,
  GIF: Gif,
  VIDEO: Video,
  AUDIO: Audio,
  FILE: FileNode,
  SHAPE: Shape,
  HTML: Html,
  EMBED: Embed,
  APP_EMBED: AppEmbed,
  LINK_PREVIEW: LinkPreview,
  BUTTON: Button,
  POLL: Poll,
  MAP: MapNode,
  TOC: TocNode,
  COLLAPSIBLE_LIST: CollapsibleList,
  COLLAPSIBLE_ITEM: CollapsibleItem,
  COLLAPSIBLE_ITEM_TITLE: CollapsibleItemTitle,
  COLLAPSIBLE_ITEM_BODY: CollapsibleItemBody,
  TABLE: Table,
  TABLE_ROW: TableRow,
  TABLE_CELL: TableCell,
  LAYOUT: Layout,
  LAYOUT_CELL: LayoutCell,
  CARD: Card,
  SMART_BLOCK: SmartBlock,
  SMART_BLOCK_CELL: SmartBlockCell,
  EXTERNAL: External,
};
