import { MONOSPACE } from '@/lib/core/ricos/text';
import type { RicosNode } from '@/lib/core/ricos/types';

// A TEXT node's marks sorted for ricos-to-markdown-text.ts: those Markdown spells itself (bold, italic, strike, code in
// the monospace font markdown-inline.ts reads `code` as), the link or anchor it sits in, and the rest as the parts of
// the site's `ricos:` link (`underline`, `color=#D62828`: scripts/content/demo/README.md); what neither holds, lost.

/** A TEXT node's text was not found where only text may be: the caller writes the block another way. */
export class NotText extends Error {}

type Mark = { type: string } & Record<string, unknown>;
export const NATIVES = ['bold', 'italic', 'strike', 'code'] as const;
export type Native = (typeof NATIVES)[number];
export interface Run {
  text: string;
  natives: Native[];
  /** Every mark as a `ricos:` part (natives too), for the ricos: link form. */
  spec: string[];
  /** Marks only the ricos: form can carry. */
  ricosOnly: boolean;
  /** A link's Markdown destination (with its title), or an anchor's `#id`. */
  link?: string;
  lost: string[];
}

const SKETCHES = ['UNDERLINE', 'BOX', 'CIRCLE', 'HIGHLIGHT', 'STRIKETHROUGH', 'CROSSED_OFF'];
const FLAG: Record<string, string> = {
  UNDERLINE: 'underline',
  SUPERSCRIPT: 'sup',
  SUBSCRIPT: 'sub',
  EXTERNAL: 'external',
};
/** A `ricos:` value must not hold the part separator, a line break or a pointy destination's brackets. */
const specValue = (value: unknown) =>
  typeof value === 'string' && value !== '' && !/[+<>\n\r\\]/.test(value) ? value : undefined;

/** A Markdown link destination: `<...>` when it holds spaces or brackets. */
export function destination(url: string, title?: string): string {
  const target = /[\s()<>]/.test(url) ? `<${url.replace(/[<>\\]/g, '\\$&')}>` : url.replace(/\\/g, '\\\\');
  return title ? `${target} "${title.replace(/["\\]/g, '\\$&')}"` : target;
}

/** A LINK's destination, its rel as the `"rel: ugc nofollow"` title markdown-inline.ts reads. */
function linkDestination(link: Record<string, unknown>): string | undefined {
  const url = typeof link.url === 'string' ? link.url : typeof link.anchor === 'string' ? `#${link.anchor}` : '';
  if (!url || /[\n\r]/.test(url)) return undefined;
  const rel = (link.rel ?? {}) as Record<string, unknown>;
  const flags = ['nofollow', 'sponsored', 'ugc'].filter((flag) => rel[flag] === true);
  return destination(url, flags.length ? `rel: ${flags.join(' ')}` : undefined);
}

export function runOf(node: RicosNode): Run {
  if (node.type !== 'TEXT') throw new NotText(node.type);
  const data = (node.textData ?? {}) as { text?: unknown; decorations?: Mark[] };
  const text = typeof data.text === 'string' ? data.text.replace(/\r\n?/g, '\n') : '';
  const run: Run = { text, natives: [], spec: [], ricosOnly: false, lost: [] };
  const native = (kind: Native) => run.natives.push(kind) && run.spec.push(kind);
  const ricos = (part: string | undefined, type: string) => (part ? run.spec.push(part) : run.lost.push(type));
  for (const mark of data.decorations ?? []) {
    const field = (key: string) => (mark[key] ?? {}) as Record<string, unknown>;
    switch (mark.type) {
      case 'BOLD':
        if (typeof mark.fontWeightValue !== 'number' || mark.fontWeightValue >= 600) native('bold');
        break;
      case 'ITALIC':
        if (mark.italicData !== false) native('italic');
        break;
      case 'STRIKETHROUGH':
        if (mark.strikethroughData !== false) native('strike');
        break;
      case 'UNDERLINE':
      case 'SUPERSCRIPT':
      case 'SUBSCRIPT':
      case 'EXTERNAL':
        if (mark[`${mark.type.toLowerCase()}Data`] !== false) ricos(FLAG[mark.type], mark.type);
        break;
      case 'FONT_FAMILY': {
        const family = field('fontFamilyData').value;
        if (family === MONOSPACE) native('code');
        else ricos(specValue(family) && `font=${family as string}`, mark.type);
        break;
      }
      case 'SPOILER': {
        const id = specValue(field('spoilerData').id);
        ricos(id ? `spoiler=${id}` : 'spoiler', mark.type);
        break;
      }
      case 'COLOR': {
        const { foreground, background } = field('colorData');
        if (foreground) ricos(specValue(foreground) && `color=${foreground as string}`, mark.type);
        if (background) ricos(specValue(background) && `highlight=${background as string}`, mark.type);
        break;
      }
      case 'FONT_SIZE': {
        const { value, unit } = field('fontSizeData');
        const px = (unit ?? 'PX') === 'PX' && Number.isInteger(value) && (value as number) > 0;
        ricos(px ? `size=${value as number}` : undefined, mark.type);
        break;
      }
      case 'ANCHOR': {
        const anchor = specValue(field('anchorData').anchor);
        if (anchor) run.link = `#${anchor}`;
        ricos(anchor && `anchor=${anchor}`, mark.type);
        break;
      }
      case 'MENTION': {
        const slug = specValue(field('mentionData').slug);
        ricos(slug && text.startsWith('@') ? `mention=${slug}` : undefined, mark.type);
        break;
      }
      case 'SKETCH': {
        const { variant, color } = field('sketchData');
        const known = SKETCHES.includes(variant as string) && specValue(color);
        ricos(known ? `sketch=${variant as string},${color as string}` : undefined, mark.type);
        break;
      }
      case 'LINK': {
        const link = linkDestination(field('linkData').link as Record<string, unknown>);
        if (link) run.link = link;
        else run.lost.push(mark.type);
        break;
      }
      default:
        run.lost.push(mark.type);
    }
  }
  run.ricosOnly = run.spec.some(
    (part) => !(NATIVES as readonly string[]).includes(part) && !part.startsWith('anchor='),
  );
  // An anchor among marks only the ricos: form carries goes in it (a link cannot hold a ricos: link).
  if (run.ricosOnly && run.link?.startsWith('#') && run.spec.some((part) => part.startsWith('anchor=')))
    run.link = undefined;
  return run;
}
