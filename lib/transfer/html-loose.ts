import { p } from '@/lib/core/ricos/blocks';
import { link } from '@/lib/core/ricos/text';
import type { RicosNode } from '@/lib/core/ricos/types';
import { claim, type Ctx, withCaption } from './html-context';
import { byTag, type ChildNode, find, isElement, isText, parseHtml, textContent, textNode } from './html-dom';
import { embedFromUrl } from './html-embeds';
import { inlineItems, paragraphs, trimTexts } from './html-inline';

// Text outside any paragraph (between blocks, in a quote, a list item, a cell): WordPress's classic editor stores posts
// so, its paragraphs told apart by blank lines and its line breaks as new lines (wpautop makes them <p> and <br> when
// the page is shown), an image with its caption as a `[caption]…[/caption]` shortcode, an embed as
// `[embed]url[/embed]`. (The WordPress reader gives its posts as WordPress shows them, their paragraphs made and these
// shortcodes shown: sources/wordpress-autop.ts. This reads HTML that still holds them.)

type Token = { node: ChildNode } | { blank: true } | { open: string; raw: string } | { close: string; raw: string };

// Shortcodes are WordPress's own text syntax inside the HTML's text (not HTML): read from the text nodes.
const SPLIT = /(\[\/?(?:caption|wp_caption|embed)\b[^\]]*\]|\n[ \t\r\f]*\n[ \t\n\r\f]*)/;

function tokens(run: ChildNode[]): Token[] {
  const out: Token[] = [];
  for (const node of run) {
    if (!isText(node) || !SPLIT.test(node.value)) {
      out.push({ node });
      continue;
    }
    node.value.split(SPLIT).forEach((part, index) => {
      if (index % 2 === 0) {
        if (part) out.push({ node: textNode(part) });
      } else if (!part.startsWith('[')) out.push({ blank: true });
      else {
        const name = /^\[\/?(\w+)/.exec(part)![1]!.replace(/^wp_/, '');
        out.push(part.startsWith('[/') ? { close: name, raw: part } : { open: name, raw: part });
      }
    });
  }
  return out;
}

const isTextNode = (node: RicosNode) => node.type === 'TEXT';

/** The HTML of a `[caption]`'s `caption` attribute (WordPress's older form), if it has one. */
const captionAttribute = (raw: string) => {
  const m = /\scaption\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(raw);
  return m ? (m[1] ?? m[2] ?? '') : undefined;
};

/** `[caption]<img …> Its caption[/caption]`: the image, its caption the text after it (or its `caption` attribute:
 * `[caption caption="Its caption"]<img …>[/caption]`). */
function captioned(nodes: ChildNode[], ctx: Ctx, attribute?: string): RicosNode[] {
  const at = nodes.findIndex((n) => isElement(n) && (n.tagName === 'img' || find(n, byTag('img'))));
  if (at < 0) return paragraphs(inlineItems(nodes, ctx, [], true), ctx);
  const items = inlineItems(nodes.slice(0, at + 1), ctx, [], true);
  const named = attribute?.trim() ? parseHtml(attribute) : undefined;
  const caption = trimTexts(inlineItems(named ?? nodes.slice(at + 1), ctx).filter(isTextNode));
  // With its caption in the attribute, what follows the image is the figure's own content: kept after it.
  const rest = named ? paragraphs(inlineItems(nodes.slice(at + 1), ctx, [], true), ctx) : [];
  const image = items.findIndex((item) => item.type === 'IMAGE');
  if (image < 0) return [...paragraphs([...items, ...caption], ctx), ...rest];
  return [...paragraphs(items.slice(0, image), ctx), ...withCaption(items[image]!, caption), ...rest];
}

/** `[embed]url[/embed]`: the embed, or a link to an address this site does not embed. */
function embedded(nodes: ChildNode[]): RicosNode[] {
  const url = nodes
    .map((node) => textContent(node))
    .join('')
    .trim();
  if (!url) return [];
  return [embedFromUrl(url) ?? p(link(url, url))];
}

/** A run of text and inline elements outside any paragraph, as its paragraphs and the blocks it holds. */
export function looseParagraphs(run: ChildNode[], ctx: Ctx): RicosNode[] {
  const out: RicosNode[] = [];
  const list = tokens(run);
  let current: ChildNode[] = [];
  const flush = () => {
    if (current.length) out.push(...claim(ctx, paragraphs(inlineItems(current, ctx, [], true), ctx)));
    current = [];
  };
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!;
    if ('node' in token) current.push(token.node);
    else if ('blank' in token) flush();
    else if ('close' in token) current.push(textNode(token.raw));
    else {
      const end = list.findIndex((other, j) => j > i && 'close' in other && other.close === token.open);
      if (end < 0) {
        current.push(textNode(token.raw));
        continue;
      }
      flush();
      const inner = list
        .slice(i + 1, end)
        .flatMap((other) => ('node' in other ? [other.node] : 'raw' in other ? [textNode(other.raw)] : []));
      out.push(
        ...claim(ctx, token.open === 'embed' ? embedded(inner) : captioned(inner, ctx, captionAttribute(token.raw))),
      );
      i = end;
    }
  }
  flush();
  return out;
}
