import { Extension, Mark, Node, type AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Code from '@tiptap/extension-code';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { resolveImage } from '@/lib/blog/view';
import { EDITOR_BLOCK_NODES } from './document';

// The editor's schema: Tiptap's StarterKit (paragraphs, headings, lists, quotes, code blocks, dividers, bold, italic,
// underline, strike, code, links, and its Markdown-style input rules and shortcuts), tables, and what carries Ricos
// through unchanged (lib/desk/document.ts): each block's Ricos id and data, `ricosBlock` for the blocks the editor
// shows but does not edit, `ricosMark` for the decorations it does not edit. No DOM here: the round-trip test builds
// the same schema in Node. The browser adds its node views (editor.tsx).

/** Each edited block's Ricos id and data, kept from load to save and never rendered. */
const RicosAttributes = Extension.create({
  name: 'ricosAttributes',
  addGlobalAttributes() {
    return [
      {
        types: [...EDITOR_BLOCK_NODES, 'tableHeader'],
        attributes: {
          ricosId: { default: null, rendered: false, keepOnSplit: false },
          ricosData: { default: null, rendered: false, keepOnSplit: false },
        },
      },
      {
        types: ['bold', 'italic', 'underline', 'strike', 'code', 'link'],
        attributes: { ricos: { default: null, rendered: false } },
      },
    ];
  },
});

/** A Ricos block the editor shows and moves but does not edit (a poll, a gallery, a video, an embed, ...). */
export const RicosBlock = Node.create({
  name: 'ricosBlock',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return { node: { default: null, rendered: false } };
  },
  parseHTML() {
    return [{ tag: 'div[data-ricos-block]' }];
  },
  renderHTML({ node }) {
    const kept = node.attrs.node as Record<string, unknown> | null;
    const type = typeof kept?.type === 'string' ? kept.type : 'BLOCK';
    // An image shows itself, as the post page will resolve it (lib/blog/view.ts).
    const image = type === 'IMAGE' ? (kept?.imageData as { image?: { src?: unknown }; altText?: string }) : undefined;
    const src = image ? resolveImage(image.image?.src)?.src : undefined;
    return [
      'div',
      { 'data-ricos-block': type },
      ...(src ? [['img', { src, alt: image?.altText ?? '', loading: 'lazy' }]] : []),
      ['span', {}, keptLabel(type, kept)],
    ];
  },
});

/** What the editor says of a block it keeps: its kind, and a line of what it holds where there is one. */
const KIND: Record<string, string> = {
  IMAGE: 'Image',
  GALLERY: 'Gallery',
  VIDEO: 'Video',
  AUDIO: 'Audio',
  GIF: 'GIF',
  GIPHY: 'GIF',
  POLL: 'Poll',
  TOC: 'Table of contents',
  EMBED: 'Embed',
  LINK_PREVIEW: 'Link preview',
  HTML: 'HTML',
  BUTTON: 'Button',
  FILE: 'File',
  MAP: 'Map',
  COLLAPSIBLE_LIST: 'Collapsible list',
  CHECKBOX_LIST: 'Checklist',
  LAYOUT: 'Layout',
  CARD: 'Card',
  APP_EMBED: 'App embed',
};
function keptLabel(type: string, node: Record<string, unknown> | null): string {
  const data = Object.entries(node ?? {}).find(([key]) => key.endsWith('Data'))?.[1] as
    Record<string, unknown> | undefined;
  const poll = (data?.container as { poll?: { title?: unknown } } | undefined)?.poll;
  const detail = [data?.altText, poll?.title, (data?.src as { url?: unknown } | undefined)?.url, data?.url].find(
    (value) => typeof value === 'string' && value,
  ) as string | undefined;
  const kind = KIND[type] ?? type.toLowerCase().replaceAll('_', ' ');
  return `${kind}${detail ? `: ${detail.slice(0, 80)}` : ''} (kept as it is; move or delete it here)`;
}

/** A Ricos decoration the editor keeps but does not edit (a colour, a mention, an anchor, a spoiler, ...). */
const RicosMark = Mark.create({
  name: 'ricosMark',
  // Several may sit on one text (a colour and a mention).
  excludes: '',
  addAttributes() {
    return { decoration: { default: null, rendered: false } };
  },
  renderHTML() {
    return ['span', { 'data-ricos-mark': '' }, 0];
  },
});

/** The editor's extensions; `editing` adds what only a browser editor needs (placeholder text and the like). */
export function editorExtensions(extra: AnyExtension[] = []): AnyExtension[] {
  return [
    StarterKit.configure({
      // Inline code that other marks may share (Ricos keeps bold monospace text; Tiptap's code excludes every mark).
      code: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      trailingNode: false,
    }),
    Code.extend({ excludes: '' }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    RicosAttributes,
    RicosBlock,
    RicosMark,
    ...extra,
  ];
}
