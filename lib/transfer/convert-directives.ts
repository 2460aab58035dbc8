import { posts } from '@wix/blog';
import { z } from 'zod';
import { MarkdownError, markdownToRicos, type Directive } from '@/lib/core/ricos/markdown';
import { directiveReader } from '@/lib/core/ricos/directives';
import { checkFields, parseFields } from '@/lib/core/ricos/directive-fields';
import { audio, gallery, gif, image, shape, video } from '@/lib/core/ricos/media';
import { linkTarget } from '@/lib/core/ricos/text';
import type { MediaFile, RicosNode } from '@/lib/core/ricos/types';

// The ```ricos:<kind> blocks of an imported Markdown body (this site's own export writes them: polls, galleries,
// videos, embeds, buttons, collapsibles…; scripts/content/demo/README.md), read as the demo reads them
// (scripts/content/demo/directives.ts) but for their media: the demo takes only the files scripts/content/media.ts
// lists, with the sizes and alt text recorded there; an import takes any address (`/media/<file>`, a remote one; a
// gallery's and a GIF's, whose builders spell `/media/` themselves, any `/media/<file>`), with the size and alt text
// the block says (`width`, `height`, `alt`; a gallery's `widths`, `heights` and `alts`, one per image; a video
// poster's `posterWidth` and `posterHeight`, an audio cover's `coverWidth` and `coverHeight`: the export writes them,
// ricos-to-markdown-media.ts; a GIF without its `still` is its own still), and lists each address for the media step,
// which copies the files and rewrites them.

/** An address as the importer keeps it (resolved against the old site, listed among the body's media). A gallery's
 * and a GIF's `/media/<file>` are listed, and kept as written. */
export type MediaAddress = (url: string) => string;

const Text = z.string().min(1);
const Size = z.number().int().positive().optional();
/** A gallery's list of one value per image. */
const PerImage = <T extends z.ZodType>(item: T) => z.array(item).optional();
const Local = Text.regex(/^\/media\/[^?#]+$/, 'a file of the export: /media/<file>');
/** A `/media/<file>` address as the file the gallery's and the GIF's builders put after `/media/`. */
const fileOf = (url: string) => url.slice('/media/'.length);

/** An address as the builders' media file: `src.id` is then the address itself, which the media step rewrites. */
const mediaFile = (url: string, size: { width?: number; height?: number; alt?: string } = {}) =>
  ({ file: url, width: size.width, height: size.height, alt: size.alt }) as MediaFile;

function caption(source: string, line: number): RicosNode[] {
  const nodes = markdownToRicos(source, { firstLine: line });
  if (nodes.length !== 1 || nodes[0]!.type !== 'PARAGRAPH') throw new MarkdownError('a caption is one paragraph', line);
  return nodes[0]!.nodes;
}

type Leaf = (fields: Record<string, never>, at: MediaAddress, directive: Directive) => RicosNode;
const leaf = <S extends z.ZodType>(fields: S, build: (f: z.output<S>, at: MediaAddress, d: Directive) => RicosNode) =>
  [fields, build as unknown as Leaf] as const;

/** The blocks whose fields name media; the others are the demo's own. */
const MEDIA_LEAVES: Record<string, readonly [z.ZodType, Leaf]> = {
  image: leaf(
    z.strictObject({
      src: Text,
      alt: z.string().optional(),
      width: Size,
      height: Size,
      size: z.enum(posts.WidthType).optional(),
      caption: Text.optional(),
      legacyCaption: Text.optional(),
      link: Text.optional(),
      target: z.enum(['BLANK', 'SELF']).optional(),
    }),
    (f, at, { line }) =>
      image(f.width && f.height ? mediaFile(at(f.src), f) : { url: at(f.src), alt: f.alt as string }, {
        ...(f.caption && { caption: caption(f.caption, line) }),
        ...(f.legacyCaption && { legacyCaption: f.legacyCaption }),
        ...(f.link && { link: { ...linkTarget(f.link), ...(f.target && { target: f.target }) } }),
        ...(f.size && { size: f.size }),
      }),
  ),
  gallery: leaf(
    z
      .strictObject({
        images: z.array(Local).min(1),
        layout: z.enum(posts.LayoutType).optional(),
        widths: PerImage(z.number().int().positive()),
        heights: PerImage(z.number().int().positive()),
        alts: PerImage(z.string()),
      })
      .refine((f) => [f.widths, f.heights, f.alts].every((list) => !list || list.length === f.images.length), {
        message: 'widths, heights and alts hold one value per image',
      }),
    (f, at) => {
      for (const url of f.images) at(url);
      const size = (i: number) => ({ width: f.widths?.[i], height: f.heights?.[i], alt: f.alts?.[i] });
      return gallery(
        f.images.map((url, i) => mediaFile(fileOf(url), size(i))),
        f.layout,
      );
    },
  ),
  gif: leaf(
    z.strictObject({ src: Local, still: Local.optional(), width: Size, height: Size, legacy: z.boolean().optional() }),
    (f, at) => {
      [f.src, f.still].forEach((url) => url && at(url));
      const [file, still] = [fileOf(f.src), fileOf(f.still ?? f.src)];
      return gif({ file, still, width: f.width!, height: f.height! }, f.legacy);
    },
  ),
  shape: leaf(
    z.strictObject({ src: Text, color: Text, alt: z.string().optional(), width: Size, height: Size }),
    (f, at) => shape(mediaFile(at(f.src), f), f.color),
  ),
  video: leaf(
    z.strictObject({ src: Text, title: Text, poster: Text.optional(), posterWidth: Size, posterHeight: Size }),
    (f, at) => {
      const src = at(f.src);
      const poster = f.poster ? mediaFile(at(f.poster), { width: f.posterWidth, height: f.posterHeight }) : undefined;
      return video(src, f.title, poster);
    },
  ),
  audio: leaf(
    z.strictObject({
      src: Text,
      name: Text,
      author: Text,
      cover: Text.optional(),
      coverWidth: Size,
      coverHeight: Size,
    }),
    (f, at) => {
      const src = at(f.src);
      const cover = f.cover ? mediaFile(at(f.cover), { width: f.coverWidth, height: f.coverHeight }) : undefined;
      return audio(src, f.name, f.author, cover);
    },
  ),
};

/** The blocks that name no media file, read as the site reads them (its own media blocks are MEDIA_LEAVES). */
const otherBlocks = directiveReader({
  file: () => undefined,
  listed: 'no list: the import reads its media blocks itself',
});

/** The reader of an imported body's ```ricos:<kind> blocks, each media address kept by `at`. */
export const importDirective =
  (at: MediaAddress) =>
  (directive: Directive): RicosNode[] => {
    const entry = MEDIA_LEAVES[directive.kind];
    if (!entry) return otherBlocks(directive);
    const what = `ricos:${directive.kind}`;
    if (Object.keys(directive.settings).length)
      throw new MarkdownError(`${what} takes its settings as key: value lines`, directive.line - 1);
    const [schema, build] = entry;
    const fields = checkFields(schema, parseFields(directive.body, directive.line), what, directive.line - 1);
    return [build(fields as Record<string, never>, at, directive)];
  };
