import { posts } from '@wix/blog';
import { card, collapsible, divider, layout, legacyBulletList, smartBlock, toc } from '@/lib/core/ricos/blocks';
import {
  actionButton,
  appEmbed,
  embed,
  external,
  file,
  html,
  linkButton,
  linkPreview,
  map,
  poll,
} from '@/lib/core/ricos/media';
import { linkTarget } from '@/lib/core/ricos/text';
import type { RicosNode } from '@/lib/core/ricos/types';
import { fenced, fieldsText, sameNode, Unwritable } from './ricos-to-markdown-fields';
import { type Data, type Leaf, MEDIA_LEAVES, oneOf, str } from './ricos-to-markdown-media';

// The ```ricos:<kind> blocks of the site's Markdown (scripts/content/demo/README.md, read by
// scripts/content/demo/directives.ts, and by the import: convert-directives.ts) for the nodes Markdown has no syntax
// for. A node is written as its block only when the block reads back as the same node: the demo's own builder
// (lib/core/ricos), given the fields the block holds, must make it again (ids aside); any other node is written
// whole, as JSON in a ```ricos:node block. The blocks of media (their files' sizes and alt text with them) are
// ricos-to-markdown-media.ts's.

const LEAVES: Record<string, [kind: string, data: string, leaf: Leaf]> = {
  TOC: ['toc', 'tocData', (d) => [{ headings: d.includedHeadings }, toc(d.includedHeadings)]],
  DIVIDER: [
    'divider',
    'dividerData',
    (d) => {
      const style = oneOf(posts.LineStyle, d.lineStyle);
      return style ? [{ style }, divider(style)] : undefined;
    },
  ],
  ...MEDIA_LEAVES,
  FILE: [
    'file',
    'fileData',
    (d) => {
      const sizeKb = Number(d.sizeInKb);
      if (![d.src?.url, d.name, d.type, d.mimeType].every(str) || !(sizeKb > 0)) return undefined;
      const fields = { src: d.src.url, name: d.name, type: d.type, mimeType: d.mimeType, sizeKb };
      return [fields, file(d.src.url, d.name, d.type, d.mimeType, sizeKb)];
    },
  ],
  HTML: [
    'html',
    'htmlData',
    (d) => {
      const height = Number(d.containerData?.height?.custom ?? 240);
      const ok = str(d.html) && Number.isInteger(height) && height > 0;
      return ok ? [{ html: d.html, height }, html({ html: d.html }, height)] : undefined;
    },
  ],
  EMBED: [
    'embed',
    'embedData',
    (d) => (str(d.src) && d.oembed ? [{ src: d.src, oembed: d.oembed }, embed(d.src, d.oembed)] : undefined),
  ],
  LINK_PREVIEW: [
    'link-preview',
    'linkPreviewData',
    (d) => {
      if (![d.link?.url, d.title, d.description].every(str)) return undefined;
      const fields = { url: d.link.url, title: d.title, description: d.description, thumbnail: d.thumbnailUrl };
      return [fields, linkPreview(d.link.url, d.title, d.description, d.thumbnailUrl)];
    },
  ],
  MAP: [
    'map',
    'mapData',
    (d) => {
      const { address, locationName, lat, lng } = (d.mapSettings ?? {}) as Data;
      const fields = { address, locationName, lat, lng };
      return str(address) && str(locationName) ? [fields, map(fields)] : undefined;
    },
  ],
  POLL: [
    'poll',
    'pollData',
    (d) => {
      const options: Data[] = Array.isArray(d.poll?.options) ? d.poll.options : [];
      const titles = options.map((option) => option.title);
      if (!str(d.poll?.id) || !str(d.poll?.title) || titles.length < 2 || !titles.every(str)) return undefined;
      return [{ id: d.poll.id, title: d.poll.title, options: titles }, poll(d.poll.id, d.poll.title, titles)];
    },
  ],
  BUTTON: [
    'button',
    'buttonData',
    (d) => {
      if (!str(d.text)) return undefined;
      const url = str(d.link?.url);
      return [{ text: d.text, link: url }, url ? linkButton(d.text, linkTarget(url)) : actionButton(d.text)];
    },
  ],
  APP_EMBED: [
    'app-embed',
    'appEmbedData',
    ({ containerData: _, ...fields }) =>
      oneOf(posts.AppType, fields.type) && str(fields.name) ? [fields, appEmbed(fields)] : undefined,
  ],
  EXTERNAL: ['external', 'externalData', (d) => (str(d.type) ? [d, external(d)] : undefined)],
};

/** A leaf node as its ```ricos:<kind> block, or undefined when no block reads back as it. */
export function leafDirective(node: RicosNode): string | undefined {
  const entry = LEAVES[node.type];
  if (!entry || node.nodes.length) return undefined;
  const [kind, dataKey, leaf] = entry;
  const data = node[dataKey];
  if (!data || typeof data !== 'object') return undefined;
  const found = leaf(data as Data);
  if (!found || !sameNode(found[1], node)) return undefined;
  try {
    return fenced(`ricos:${kind}`, fieldsText(found[0]));
  } catch (error) {
    if (error instanceof Unwritable) return undefined;
    throw error;
  }
}

/** Writes nodes as Markdown (the caller's block writer, for a container's body). */
export type Render = (nodes: RicosNode[]) => string;

const isH1 = (node: RicosNode) => node.type === 'HEADING' && (node.headingData as Data | undefined)?.level === 1;
const isRule = (node: RicosNode) =>
  node.type === 'DIVIDER' && ((node.dividerData as Data | undefined)?.lineStyle ?? 'SINGLE') === 'SINGLE';
const children = (node: RicosNode, type: string) =>
  node.nodes.every((child) => child.type === type) ? node.nodes : null;

/** A `# title` section's heading: its text, one line (the caller's text writer). */
export type Title = (nodes: RicosNode[]) => string | undefined;

/**
 * A container (card, layout, collapsible list, smart block, legacy list) as its ```ricos:<kind> block, its body the
 * children's Markdown; undefined when none reads back as it.
 */
export function containerDirective(node: RicosNode, render: Render, title: Title): string | undefined {
  const d = (key: string) => (node[key] ?? {}) as Data;
  const write = (kind: string, settings: string, body: string, built: RicosNode) =>
    sameNode(built, node) ? fenced(`ricos:${kind}${settings}`, body) : undefined;
  switch (node.type) {
    case 'CARD': {
      const color = d('cardData').background?.color;
      if (typeof color !== 'string' || !/^#[0-9A-Fa-f]{6}$/.test(color)) return undefined;
      return write(
        'card',
        color === '#F3F6FB' ? '' : ` background=${color}`,
        render(node.nodes),
        card(node.nodes, color),
      );
    }
    case 'LAYOUT': {
      const cells = children(node, 'LAYOUT_CELL');
      if (!cells?.length || cells.some((cell) => cell.nodes.some(isRule))) return undefined;
      const body = cells.map((cell) => render(cell.nodes)).join('\n\n---\n\n');
      return write('layout', '', body, layout(cells.map((cell) => cell.nodes)));
    }
    case 'COLLAPSIBLE_LIST': {
      const items = children(node, 'COLLAPSIBLE_ITEM')?.map((item) => {
        const [head, body, ...rest] = item.nodes;
        const paragraph = head?.type === 'COLLAPSIBLE_ITEM_TITLE' && head.nodes.length === 1 ? head.nodes[0] : null;
        const heading = paragraph?.type === 'PARAGRAPH' ? title(paragraph.nodes) : undefined;
        const ok = heading !== undefined && body?.type === 'COLLAPSIBLE_ITEM_BODY' && !rest.length;
        return ok && !body.nodes.some(isH1) ? { heading, title: paragraph!.nodes, body: body.nodes } : null;
      });
      if (!items?.length || items.some((item) => !item)) return undefined;
      const sections = items.map((item) => `# ${item!.heading}${item!.body.length ? `\n\n${render(item!.body)}` : ''}`);
      const built = collapsible(items.map((item) => [item!.title, item!.body]));
      return write('collapsible', '', sections.join('\n\n'), built);
    }
    case 'SMART_BLOCK': {
      const type = oneOf(posts.SmartBlockDataType, d('smartBlockData').type);
      const cells = children(node, 'SMART_BLOCK_CELL')?.map((cell) => {
        const label = (cell.smartBlockCellData as Data | undefined)?.label;
        const heading = typeof label === 'string' && !label.includes('\n') ? title([textNode(label)]) : undefined;
        return heading !== undefined && !cell.nodes.some(isH1) ? { heading, label, nodes: cell.nodes } : null;
      });
      if (!type || !cells?.length || cells.some((cell) => !cell)) return undefined;
      const sections = cells.map(
        (cell) => `# ${cell!.heading}${cell!.nodes.length ? `\n\n${render(cell!.nodes)}` : ''}`,
      );
      const built = smartBlock(
        type,
        cells.map((cell) => ({ label: cell!.label, nodes: cell!.nodes })),
      );
      return write('smart-block', ` type=${type}`, sections.join('\n\n'), built);
    }
    case 'BULLET_LIST':
      return write('legacy-list', '', render([{ ...node, type: 'BULLETED_LIST' }]), legacyBulletList(...node.nodes));
  }
  return undefined;
}

const textNode = (text: string): RicosNode => ({
  type: 'TEXT',
  id: '',
  nodes: [],
  textData: { text, decorations: [] },
});
