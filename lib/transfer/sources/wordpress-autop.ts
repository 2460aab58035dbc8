import { tokenize, type Token } from './wordpress-html';
import { autoembed, type ShownOptions, shortcodes } from './wordpress-shortcodes';

// WordPress keeps a classic-editor post as the author typed it: bare lines, a blank line between paragraphs, block
// tags (lists, quotes, tables) written in between. It makes the paragraphs only when it shows the post (`wpautop`):
// a blank line ends a paragraph, a single line break is a `<br />`. This is the same step, done on the post's tokens
// (wordpress-html.ts) instead of WordPress's regular expressions: block elements are found with their nesting, text
// runs between them become paragraphs, and nothing inside `<pre>`, `<script>`, `<svg>`… or inside a tag changes.
// Block-editor content (`<!-- wp:` comments) already holds its paragraphs and is left as it is.

/** WordPress's block-level elements (wpautop's `$allblocks`, with `main`). */
const BLOCKS = new Set(
  'table thead tfoot caption col colgroup tbody tr td th div dl dd dt ul ol li pre form map area blockquote address math style p h1 h2 h3 h4 h5 h6 hr fieldset legend section article aside hgroup header footer nav figure figcaption details menu summary main'.split(
    ' ',
  ),
);
const VOID_BLOCKS = new Set(['hr', 'col', 'area']);
/** How an element's inside is laid out: `wrap` always makes paragraphs, `flow` only when it holds blank lines,
 * `inline` never (its line breaks still become `<br />`), `structure` holds elements only (a list, a table). */
type Mode = 'wrap' | 'flow' | 'inline' | 'structure';
const MODES: Record<string, Mode> = {
  blockquote: 'wrap',
  ...Object.fromEntries(
    'p h1 h2 h3 h4 h5 h6 dt caption figcaption legend summary'.split(' ').map((n) => [n, 'inline']),
  ),
  ...Object.fromEntries(
    'ul ol dl table thead tbody tfoot tr colgroup menu map hgroup'.split(' ').map((n) => [n, 'structure']),
  ),
};
/** Inline elements that are content by themselves (a paragraph of one image is still a paragraph). */
const EMBEDDED = new Set([
  'img',
  'video',
  'audio',
  'embed',
  'input',
  'button',
  'select',
  'canvas',
  'picture',
  'iframe',
]);
const EMBEDDED_VERBATIM = new Set(['svg', 'math', 'iframe', 'object', 'textarea']);

interface Block {
  name: string;
  open: Token;
  children: Node[];
  close?: Token;
}
type Node = Token | Block;
const isBlock = (node: Node): node is Block => 'children' in node;

/** Elements a new sibling closes (`<li>` after `<li>`: HTML's optional end tags). */
const CLOSED_BY: Record<string, string[]> = {
  li: ['li'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
  tr: ['td', 'th', 'tr'],
  td: ['td', 'th'],
  th: ['td', 'th'],
  tbody: ['td', 'th', 'tr', 'thead', 'tbody', 'tfoot'],
  thead: ['td', 'th', 'tr', 'thead', 'tbody', 'tfoot'],
  tfoot: ['td', 'th', 'tr', 'thead', 'tbody', 'tfoot'],
};

function build(tokens: Token[]): Node[] {
  const root: Block = { name: '#root', open: { kind: 'text', raw: '' }, children: [] };
  const stack: Block[] = [root];
  const top = () => stack[stack.length - 1]!;
  for (const token of tokens) {
    if ((token.kind === 'open' || token.kind === 'verbatim') && BLOCKS.has(token.name)) {
      // A paragraph holds no blocks; a list item, a cell, a row end where the next one starts.
      if (top().name === 'p') stack.pop();
      while (stack.length > 1 && CLOSED_BY[token.name]?.includes(top().name)) stack.pop();
      const block: Block = { name: token.name, open: token, children: [] };
      top().children.push(block);
      // `<pre>`, `<style>`: a block kept whole (its token holds its inside and its end tag).
      if (token.kind === 'open' && !token.selfClosing && !VOID_BLOCKS.has(token.name)) stack.push(block);
    } else if (token.kind === 'close' && BLOCKS.has(token.name) && stack.some((b) => b.name === token.name)) {
      while (top().name !== token.name) stack.pop();
      stack.pop()!.close = token;
    } else top().children.push(token);
  }
  return root.children;
}

const hasContent = (tokens: Token[]) =>
  tokens.some(
    (t) =>
      (t.kind === 'text' && t.raw.trim() !== '') ||
      (t.kind === 'open' && EMBEDDED.has(t.name)) ||
      (t.kind === 'verbatim' && EMBEDDED_VERBATIM.has(t.name)),
  );

/** Line breaks inside a paragraph: each becomes `<br />` (not one after a `<br>` the author wrote). */
function breaks(tokens: Token[]): string {
  let out = '';
  let afterBr = false;
  for (const t of tokens) {
    if (t.kind === 'text') {
      out += t.raw.replace(/[ \t]*\n/g, (match, offset: number) => (afterBr && offset === 0 ? match : '<br />\n'));
      afterBr = false;
    } else {
      out += t.raw;
      afterBr = t.kind === 'open' && t.name === 'br';
    }
  }
  return out;
}

/** A run's text with its line breaks made `<br />`, the breaks at its ends (beside a block) left as they are. */
function inlineRun(run: Token[]): string {
  const raw = run.map((t) => t.raw).join('');
  if (raw.trim() === '') return raw;
  return /^\s*/.exec(raw)![0] + breaks(trimRun(run)) + /\s*$/.exec(raw)![0];
}

/** The run without the whitespace at its two ends. */
function trimRun(run: Token[]): Token[] {
  const tokens = run.map((t) => ({ ...t }));
  while (tokens[0]?.kind === 'text' && tokens[0].raw.trim() === '') tokens.shift();
  while (tokens.at(-1)?.kind === 'text' && tokens.at(-1)!.raw.trim() === '') tokens.pop();
  const first = tokens[0];
  if (first?.kind === 'text') first.raw = first.raw.trimStart();
  const last = tokens.at(-1);
  if (last?.kind === 'text') last.raw = last.raw.trimEnd();
  return tokens;
}

/** The open elements of a run that close in it (a blank line inside `<em>…</em>` does not split the paragraph). */
function pairs(run: Token[]): Map<number, number> {
  const ends = new Map<number, number>();
  const open: { name: string; at: number }[] = [];
  run.forEach((t, at) => {
    if (t.kind === 'open' && !t.selfClosing) open.push({ name: t.name, at });
    else if (t.kind === 'close') {
      const i = open.findLastIndex((o) => o.name === t.name);
      if (i >= 0) {
        ends.set(open[i]!.at, at);
        open.length = i;
      }
    }
  });
  return ends;
}

const SHORTCODE = /^\[([\w-]+)\b[^\]]*\](?:[\s\S]*\[\/\1\])?$/;

/** A run cut at its blank lines into paragraphs, each in `<p>` (WordPress's `shortcode_unautop`: not a lone
 * shortcode), or left bare when it holds no content (a `<!--more-->`). */
function paragraphs(run: Token[]): string[] {
  const ends = pairs(run);
  const closing = new Set(ends.values());
  const paras: Token[][] = [[]];
  let depth = 0;
  run.forEach((t, at) => {
    if (t.kind === 'text' && depth === 0) {
      const pieces = t.raw.split(/\n\s*\n/);
      pieces.forEach((piece, i) => {
        if (i > 0) paras.push([]);
        if (piece) paras.at(-1)!.push({ kind: 'text', raw: piece });
      });
      return;
    }
    if (ends.has(at)) depth++;
    else if (closing.has(at)) depth--;
    paras.at(-1)!.push(t);
  });
  return paras.flatMap((para) => {
    const tokens = trimRun(para);
    if (!tokens.length) return [];
    const html = breaks(tokens);
    if (!hasContent(tokens)) return [html];
    return SHORTCODE.test(html) ? [html] : [`<p>${html}</p>`];
  });
}

function render(children: Node[], mode: Mode): string {
  const parts: (Token[] | Block)[] = [];
  for (const child of children) {
    const last = parts.at(-1);
    if (isBlock(child)) parts.push(child);
    else if (Array.isArray(last)) last.push(child);
    else parts.push([child]);
  }
  const runs = parts.filter((p): p is Token[] => Array.isArray(p));
  const wrap =
    mode === 'wrap' ||
    (mode === 'flow' && runs.some((run) => run.some((t) => t.kind === 'text' && /\n\s*\n/.test(t.raw))));
  if (!wrap) {
    return parts
      .map((part) =>
        Array.isArray(part)
          ? mode === 'structure'
            ? part.map((t) => t.raw).join('')
            : inlineRun(part)
          : renderBlock(part),
      )
      .join('');
  }
  return parts.flatMap((part) => (Array.isArray(part) ? paragraphs(part) : [renderBlock(part)])).join('\n');
}

function renderBlock(block: Block): string {
  const inner = render(block.children, MODES[block.name] ?? 'flow');
  return block.open.raw + inner + (block.close?.raw ?? '');
}

/** Content of the classic editor: no block markup, and text (or an image…) standing outside any block element. */
export function needsAutop(html: string): boolean {
  if (html.includes('<!-- wp:')) return false;
  return build(tokenize(html)).some((node) => !isBlock(node) && hasContent([node]));
}

/** WordPress's `wpautop` (with `<br />` for single line breaks). */
export function autop(html: string): string {
  const source = html.replace(/\r\n?/g, '\n');
  if (!source.trim()) return '';
  return render(build(tokenize(source)), 'wrap') + '\n';
}

/**
 * The post's content as WordPress shows it (its `the_content` filters, in their order): its embeds' addresses as the
 * embeds (`autoembed`, `[embed]`), classic content given its paragraphs (`wpautop`), its media shortcodes as their
 * media (`[caption]`, `[gallery]`, `[audio]`, `[video]`: wordpress-shortcodes.ts).
 */
export function wordpressHtml(html: string, options: ShownOptions = {}): string {
  const embedded = autoembed(html);
  return shortcodes(needsAutop(html) ? autop(embedded) : embedded, options);
}
