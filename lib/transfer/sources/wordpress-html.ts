import { parseHtml, textContent } from '../html-dom';

// The HTML of a WordPress export, read as tokens: what `wpautop` (wordpress-autop.ts) needs to find the paragraphs of a
// classic-editor post without touching its markup, and the plain text of a title or a term's name. Every token keeps
// its source text (`raw`): what is put back together is the source, with only the paragraphs and breaks added.

export type Token =
  | { kind: 'text'; raw: string }
  | { kind: 'open'; raw: string; name: string; selfClosing: boolean }
  | { kind: 'close'; raw: string; name: string }
  /** `<!-- -->`, `<!DOCTYPE>`, `<?php ?>`: never content of its own. */
  | { kind: 'comment'; raw: string }
  /** An element kept whole, from its start tag to its end tag (`<pre>`, `<script>`, `<svg>`…): its inside untouched. */
  | { kind: 'verbatim'; raw: string; name: string };

/** Elements whose inside is never touched: preformatted, code and foreign content. */
const VERBATIM = new Set([
  'pre',
  'script',
  'style',
  'textarea',
  'svg',
  'math',
  'iframe',
  'object',
  'noscript',
  'template',
]);

const NAME = /^[a-zA-Z][a-zA-Z0-9:-]*/;

/** The end of the tag that starts at `start` (the index after its `>`), or -1 when it never ends. Quoted values may
 * hold `>`. */
function tagEnd(html: string, start: number): number {
  let quote = '';
  let last = '';
  for (let i = start; i < html.length; i++) {
    const c = html[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '>') return i + 1;
    // A quote opens a value only right after `=` (spaces aside): in `<p class=x'y>` it is part of a bare value.
    else if ((c === '"' || c === "'") && last === '=') quote = c;
    if (!/\s/.test(c)) last = c;
  }
  return -1;
}

export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  const flush = () => {
    if (text) tokens.push({ kind: 'text', raw: text });
    text = '';
  };
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    i = lt;
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      const end = close < 0 ? html.length : close + 3;
      flush();
      tokens.push({ kind: 'comment', raw: html.slice(lt, end) });
      i = end;
      continue;
    }
    if (next === '!' || next === '?') {
      const close = html.indexOf('>', lt);
      const end = close < 0 ? html.length : close + 1;
      flush();
      tokens.push({ kind: 'comment', raw: html.slice(lt, end) });
      i = end;
      continue;
    }
    const closing = next === '/';
    const name = NAME.exec(html.slice(lt + (closing ? 2 : 1), lt + 80))?.[0];
    const end = name ? tagEnd(html, lt + 1) : -1;
    if (!name || end < 0) {
      // A `<` that starts no tag (`a < b`) is text.
      text += '<';
      i = lt + 1;
      continue;
    }
    flush();
    const raw = html.slice(lt, end);
    const lower = name.toLowerCase();
    if (closing) tokens.push({ kind: 'close', raw, name: lower });
    else if (VERBATIM.has(lower) && !raw.endsWith('/>')) {
      const endTag = new RegExp(`</${lower}(?![a-z0-9:-])`, 'gi');
      endTag.lastIndex = end;
      const closeAt = endTag.exec(html)?.index ?? -1;
      const closeEnd = closeAt < 0 ? html.length : tagEnd(html, closeAt + 1);
      const stop = closeEnd < 0 ? html.length : closeEnd;
      tokens.push({ kind: 'verbatim', raw: html.slice(lt, stop), name: lower });
      i = stop;
      continue;
    } else tokens.push({ kind: 'open', raw, name: lower, selfClosing: raw.endsWith('/>') });
    i = end;
  }
  flush();
  return tokens;
}

/** The text of an HTML fragment (a title, a term's name): tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html.replace(/\s+/g, ' ').trim();
  return parseHtml(html)
    .map((node) => textContent(node))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
