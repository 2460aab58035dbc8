import { code, divider, h, li, ol, p, quote, ul } from '../content/ricos/blocks';
import type { RicosNode } from '../content/ricos/types';

// A small Markdown reader for post bodies: ATX headings, paragraphs, bulleted and numbered lists (nested
// by indentation), fenced code, block quotes and rules. Inline marks (**bold**, *italic*, ~~strike~~,
// `code`, [links](url)) go through the demo content's own markup parser. HTML and tables stay text.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const RULE = /^ {0,3}(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;

const isBlank = (line: string) => line.trim() === '';
const startsBlock = (line: string) => FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || ITEM.test(line);

/** Markdown's other spellings of emphasis and images, turned into what the inline parser reads. */
const normalizeInline = (text: string) =>
  text
    .replace(/(^|[^\w])__(\S(?:.*?\S)?)__(?!\w)/g, '$1**$2**')
    .replace(/(^|[^\w])_(\S(?:.*?\S)?)_(?!\w)/g, '$1*$2*')
    .replace(/!\[([^\]]*)\]\(/g, '[$1](');

const text = (raw: string) => normalizeInline(raw.trim().replace(/\s*\n\s*/g, ' '));

interface ListToken {
  indent: number;
  ordered: boolean;
  text: string;
}

function buildList(tokens: ListToken[], start: number): [RicosNode, number] {
  const { indent, ordered } = tokens[start]!;
  const items: RicosNode[] = [];
  let i = start;
  while (i < tokens.length && tokens[i]!.indent >= indent && !(tokens[i]!.indent === indent && tokens[i]!.ordered !== ordered)) {
    const token = tokens[i++]!;
    const nested: RicosNode[] = [];
    while (i < tokens.length && tokens[i]!.indent > token.indent) {
      const [list, next] = buildList(tokens, i);
      nested.push(list);
      i = next;
    }
    items.push(li(text(token.text), ...nested));
  }
  return [ordered ? ol(...items) : ul(...items), i];
}

const indentOf = (line: string) => line.replace(/\t/g, '    ').match(/^ */)![0].length;

export function markdownToRicos(source: string): RicosNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const nodes: RicosNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith(marker); i++) body.push(lines[i]!);
      i++;
      nodes.push(code(body.join('\n')));
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      nodes.push(h(heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6, text(heading[2] ?? '')));
      i++;
      continue;
    }
    if (RULE.test(line)) {
      nodes.push(divider());
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]!); i++) body.push(QUOTE.exec(lines[i]!)![1]!);
      const paragraphs = body.join('\n').split(/\n\s*\n/).map(text).filter(Boolean);
      nodes.push(quote(...paragraphs));
      continue;
    }
    if (ITEM.test(line)) {
      const tokens: ListToken[] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        const item = ITEM.exec(current);
        if (item) {
          tokens.push({ indent: indentOf(item[1]!), ordered: /\d/.test(item[2]!), text: item[3]! });
          i++;
        } else if (!isBlank(current) && indentOf(current) > 0 && !startsBlock(current)) {
          tokens.at(-1)!.text += `\n${current}`;
          i++;
        } else if (isBlank(current) && i + 1 < lines.length && ITEM.test(lines[i + 1]!)) {
          i++;
        } else break;
      }
      for (let t = 0; t < tokens.length; ) {
        const [list, next] = buildList(tokens, t);
        nodes.push(list);
        t = next;
      }
      continue;
    }
    const body: string[] = [];
    for (; i < lines.length && !isBlank(lines[i]!) && (body.length === 0 || !startsBlock(lines[i]!)); i++) body.push(lines[i]!);
    nodes.push(p(text(body.join('\n'))));
  }
  return nodes;
}
