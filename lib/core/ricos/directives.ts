import { posts } from '@wix/blog';
import { z } from 'zod';
import { MarkdownError, markdownToRicos, TABLE_CAPTION, type Directive } from './markdown';
import { card, collapsible, divider, layout, legacyBulletList, smartBlock, table, toc } from './blocks';
import {
  actionButton,
  appEmbed,
  audio,
  embed,
  external,
  file,
  gallery,
  gif,
  html,
  image,
  linkButton,
  linkPreview,
  map,
  poll,
  shape,
  video,
} from './media';
import { linkTarget } from './text';
import type { Link, MediaFile, RicosNode } from './types';
import { checkFields, parseFields, type Value } from './directive-fields';

// The ```ricos:<kind> blocks of the demo's Markdown: the Ricos blocks Markdown has no syntax for. A block that
// holds Markdown (card, layout, collapsible, smart-block, table, legacy-list) takes its settings on the fence
// line as key=value; every other block is `key: value` lines (./fields.ts). See README.md here.

/** A GIF with a still of its first frame, as `gif` takes it. */
type GifFile = Parameters<typeof gif>[0];

/** The media files a block may name by their `/media/<file>` address, and the one animated GIF (the demo's own list:
 * scripts/content/demo/directives.ts; an import names any file, and reads the media blocks itself). */
export interface DirectiveMedia {
  file: (url: string) => MediaFile | undefined;
  gif?: GifFile;
  /** Where the files are listed, for the message when a block names another. */
  listed: string;
}

/** A `/media/<file>` URL as the file it names. */
export const mediaField = (media: DirectiveMedia) =>
  z
    .string()
    .refine((url) => media.file(url) !== undefined, { message: `not an image of ${media.listed}` })
    .transform((url) => media.file(url)!);
const Text = z.string().min(1);
const Data = z.record(z.string(), z.unknown());

/** A field that holds one paragraph of Markdown, as its text nodes. */
function inlineMarkdown(source: string, line: number): RicosNode[] {
  const nodes = markdownToRicos(source, { firstLine: line });
  if (nodes.length !== 1 || nodes[0]!.type !== 'PARAGRAPH') throw new MarkdownError('a caption is one paragraph', line);
  return nodes[0]!.nodes;
}

const linkOf = (url: string, target?: 'BLANK' | 'SELF'): Link => ({ ...linkTarget(url), ...(target && { target }) });

interface Leaf<T> {
  fields: z.ZodType<T>;
  build: (fields: T, directive: Directive, values: Record<string, Value>) => RicosNode;
}
const leaf = <S extends z.ZodType>(fields: S, build: Leaf<z.output<S>>['build']): Leaf<unknown> =>
  ({ fields, build }) as Leaf<unknown>;

const leaves = (Media: ReturnType<typeof mediaField>, gifFile?: GifFile): Record<string, Leaf<unknown>> => ({
  toc: leaf(z.strictObject({ headings: z.array(z.number().int().min(1).max(6)).optional() }), ({ headings }) =>
    toc(headings),
  ),
  divider: leaf(z.strictObject({ style: z.enum(posts.LineStyle) }), ({ style }) => divider(style)),
  image: leaf(
    z.strictObject({
      src: Media,
      size: z.enum(posts.WidthType).optional(),
      caption: Text.optional(),
      legacyCaption: Text.optional(),
      link: Text.optional(),
      target: z.enum(['BLANK', 'SELF']).optional(),
    }),
    (fields, { line }) =>
      image(fields.src, {
        ...(fields.caption && { caption: inlineMarkdown(fields.caption, line) }),
        ...(fields.legacyCaption && { legacyCaption: fields.legacyCaption }),
        ...(fields.link && { link: linkOf(fields.link, fields.target) }),
        ...(fields.size && { size: fields.size }),
      }),
  ),
  gallery: leaf(
    z.strictObject({ images: z.array(Media).min(1), layout: z.enum(posts.LayoutType).optional() }),
    (fields) => gallery(fields.images, fields.layout),
  ),
  ...(gifFile && {
    gif: leaf(z.strictObject({ src: z.literal(`/media/${gifFile.file}`), legacy: z.boolean().optional() }), (fields) =>
      gif(gifFile, fields.legacy),
    ),
  }),
  shape: leaf(z.strictObject({ src: Media, color: Text }), (fields) => shape(fields.src, fields.color)),
  video: leaf(z.strictObject({ src: Text, title: Text, poster: Media.optional() }), (fields) =>
    video(fields.src, fields.title, fields.poster),
  ),
  audio: leaf(z.strictObject({ src: Text, name: Text, author: Text, cover: Media.optional() }), (fields) =>
    audio(fields.src, fields.name, fields.author, fields.cover),
  ),
  file: leaf(
    z.strictObject({ src: Text, name: Text, type: Text, mimeType: Text, sizeKb: z.number().positive() }),
    (fields) => file(fields.src, fields.name, fields.type, fields.mimeType, fields.sizeKb),
  ),
  html: leaf(z.strictObject({ html: Text, height: z.number().int().positive().optional() }), (fields) =>
    html({ html: fields.html }, fields.height),
  ),
  embed: leaf(z.strictObject({ src: Text, oembed: Data }), (fields) =>
    embed(fields.src, fields.oembed as posts.Oembed),
  ),
  'link-preview': leaf(
    z.strictObject({ url: Text, title: Text, description: Text, thumbnail: Text.optional() }),
    (fields) => linkPreview(fields.url, fields.title, fields.description, fields.thumbnail),
  ),
  map: leaf(z.strictObject({ address: Text, locationName: Text, lat: z.number(), lng: z.number() }), (fields) =>
    map(fields),
  ),
  poll: leaf(z.strictObject({ id: Text, title: Text, options: z.array(Text).min(2) }), (fields) =>
    poll(fields.id, fields.title, fields.options),
  ),
  button: leaf(z.strictObject({ text: Text, link: Text.optional() }), (fields) =>
    fields.link ? linkButton(fields.text, linkTarget(fields.link)) : actionButton(fields.text),
  ),
  // Data handed to Ricos as written (key order included): only its type is checked here.
  'app-embed': leaf(z.looseObject({ type: z.enum(posts.AppType), name: Text }), (_, __, values) =>
    appEmbed(values as posts.AppEmbedData),
  ),
  external: leaf(z.looseObject({ type: Text }), (_, __, values) => external(values)),
});

/** Splits a block's nodes where a level-1 heading starts a section: the heading's text nodes, then the rest. */
function sections(nodes: RicosNode[], directive: Directive): Array<{ title: RicosNode[]; body: RicosNode[] }> {
  const out: Array<{ title: RicosNode[]; body: RicosNode[] }> = [];
  for (const node of nodes) {
    if (node.type === 'HEADING' && (node.headingData as { level: number }).level === 1)
      out.push({ title: node.nodes, body: [] });
    else if (out.length === 0)
      throw new MarkdownError(`ricos:${directive.kind} starts with a "# title" line`, directive.line);
    else out.at(-1)!.body.push(node);
  }
  return out;
}

const plain = (nodes: RicosNode[]) => nodes.map((node) => (node.textData as { text: string }).text).join('');
const isRule = (node: RicosNode) =>
  node.type === 'DIVIDER' && (node.dividerData as { lineStyle: string }).lineStyle === 'SINGLE';

interface Container<T> {
  settings: z.ZodType<T>;
  build: (settings: T, nodes: RicosNode[], directive: Directive) => RicosNode;
}
const container = <S extends z.ZodType>(settings: S, build: Container<z.output<S>>['build']): Container<unknown> =>
  ({ settings, build }) as Container<unknown>;
const none = z.strictObject({});

const CONTAINERS: Record<string, Container<unknown>> = {
  card: container(
    z.strictObject({
      background: z
        .string()
        .regex(/^#[0-9A-Fa-f]{6}$/)
        .optional(),
    }),
    (settings, nodes) => card(nodes, settings.background),
  ),
  layout: container(none, (_, nodes) => {
    const cells: RicosNode[][] = [[]];
    for (const node of nodes) {
      if (isRule(node)) cells.push([]);
      else cells.at(-1)!.push(node);
    }
    return layout(cells);
  }),
  collapsible: container(none, (_, nodes, directive) =>
    collapsible(sections(nodes, directive).map(({ title, body }) => [title, body])),
  ),
  'smart-block': container(z.strictObject({ type: z.enum(posts.SmartBlockDataType) }), (settings, nodes, directive) =>
    smartBlock(
      settings.type,
      sections(nodes, directive).map(({ title, body }) => ({ label: plain(title), nodes: body })),
    ),
  ),
  // A table too wide for a GFM table's one-line rows: a list of rows, each a list of cells; a `Table: ` line after
  // it is its alt text, as under a GFM table.
  table: container(none, (_, nodes, directive) => {
    const [rows, caption, ...rest] = nodes;
    const text = caption?.type === 'PARAGRAPH' ? plain(caption.nodes) : '';
    const alt = TABLE_CAPTION.test(text) ? text.replace(TABLE_CAPTION, '') : undefined;
    const cells = rows?.type === 'BULLETED_LIST' ? rows.nodes.map((row) => row.nodes) : [];
    const shaped = cells.every((row) => row.length === 1 && row[0]!.type === 'BULLETED_LIST');
    if (!cells.length || !shaped || rest.length || (caption && alt === undefined))
      throw new MarkdownError(
        'ricos:table holds a list of rows ("- - cell"), then an optional "Table: alt text" line',
        directive.line,
      );
    return table(
      cells.map(([row]) => row!.nodes.map((cell) => cell.nodes[0]?.nodes ?? [])),
      alt,
    );
  }),
  'legacy-list': container(none, (_, nodes, directive) => {
    const [list] = nodes;
    if (nodes.length !== 1 || list!.type !== 'BULLETED_LIST')
      throw new MarkdownError('ricos:legacy-list holds one bulleted list', directive.line);
    return legacyBulletList(...list!.nodes);
  }),
};

/** The reader of ```ricos:<kind> blocks whose media blocks name the files `media` knows. */
export function directiveReader(media: DirectiveMedia): (directive: Directive) => RicosNode[] {
  const LEAVES = leaves(mediaField(media), media.gif);
  return (directive) => {
    const what = `ricos:${directive.kind}`;
    const fence = directive.line - 1;
    const holder = CONTAINERS[directive.kind];
    if (holder) {
      const settings = checkFields(holder.settings, { values: directive.settings, lines: new Map() }, what, fence);
      return [holder.build(settings, directive.markdown(), directive)];
    }
    const kind = LEAVES[directive.kind];
    if (!kind)
      throw new MarkdownError(
        `unknown block ${what} (known: ${[...Object.keys(LEAVES), ...Object.keys(CONTAINERS)].join(', ')})`,
        fence,
      );
    if (Object.keys(directive.settings).length)
      throw new MarkdownError(`${what} takes its settings as key: value lines`, fence);
    const fields = parseFields(directive.body, directive.line);
    return [kind.build(checkFields(kind.fields, fields, what, fence), directive, fields.values)];
  };
}
