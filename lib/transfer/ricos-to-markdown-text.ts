import type { RicosNode } from '@/lib/core/ricos/types';
import { destination, type Native, type Run, runOf } from './ricos-to-markdown-marks';

// A block's text (Ricos TEXT nodes and their marks) as Markdown, for ricos-to-markdown.ts: bold, italic, strike,
// code (the monospace font markdown-inline.ts reads `code` as), links and anchors in Markdown's own syntax; the marks
// it has none for as the site's `[text](ricos:underline+color=#D62828)` (scripts/content/demo/README.md), which
// lib/core/ricos/markdown-inline.ts reads back. Text is escaped so that it reads back as written.

/** Where the text goes: a heading, a table cell or a caption is one line (a line break becomes a space). */
export interface TextPlace {
  oneLine?: boolean;
  /** A GFM table's cell: `|` escaped. */
  cell?: boolean;
  /** A heading: `#` escaped throughout (a closing `#` sequence would be dropped). */
  heading?: boolean;
}

/** What was dropped on the way: the marks Markdown cannot carry there (counted by the caller). */
export type Losses = string[];

const PUNCT = /[\p{P}\p{S}]/u;
const SPACE = /\s/u;
const WORD = /[\p{L}\p{N}]/u;

/** Text escaped where Markdown (CommonMark, GFM) would read it otherwise. */
function escape(text: string, place: TextPlace): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const rest = text.slice(i, i + 40);
    if ('\\*`[]<~'.includes(ch) || (ch === '|' && place.cell) || (ch === '#' && place.heading)) out += `\\${ch}`;
    else if (ch === '_' && !(WORD.test(text[i - 1] ?? '') && WORD.test(text[i + 1] ?? ''))) out += '\\_';
    else if (ch === '&' && /^&#?\w+;/.test(rest)) out += '\\&';
    // Before a link or a ricos: run, `!` would make it an image.
    else if (ch === '!' && i === text.length - 1) out += '\\!';
    // GFM's autolink literals (www., http://, an address): the tokenizer would take what follows them, escapes
    // included, as the address; escaped, it does not (the text is still linked once read, its text the same).
    else if (ch === ':' && rest.startsWith('://') && /(?:https?|ftp)$/i.test(text.slice(Math.max(0, i - 5), i)))
      out += '\\:';
    else if (ch === '.' && /www$/i.test(text.slice(Math.max(0, i - 3), i))) out += '\\.';
    else if (ch === '@' && WORD.test(text[i - 1] ?? '') && WORD.test(text[i + 1] ?? '')) out += '\\@';
    else if (ch === '\n') out += place.oneLine ? ' ' : '\\\n';
    else out += ch;
  }
  return out;
}

/** Inline code: a fence longer than any backtick run inside, padded when the code starts or ends with one. */
function codeSpan(text: string, place: TextPlace): string {
  const code = text.replace(/\n/g, ' ').replace(/\|/g, place.cell ? '\\|' : '|');
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^`|`$/.test(code) || (/^ .*[^ ].* $/.test(code) && code.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

const DELIMITERS: Record<Exclude<Native, 'code'>, string> = { bold: '**', italic: '*', strike: '~~' };

/** A run in Markdown's own marks; undefined when its delimiters would not read back as marks there. */
function nativeRun(run: Run, inner: string, before: string, after: string, place: TextPlace): string | undefined {
  const outer = (['bold', 'italic', 'strike'] as const).filter((kind) => run.natives.includes(kind));
  const code = run.natives.includes('code');
  const body = code ? codeSpan(inner, place) : escape(inner, place);
  // Two code spans side by side would be one run of backticks.
  if (code && !outer.length && before === '`') return undefined;
  if (!outer.length) return body;
  const opening = outer.map((kind) => DELIMITERS[kind]).join('');
  // The first delimiter run opens only if not followed by punctuation, or preceded by space or punctuation; and
  // closes likewise (CommonMark's flanking rules): the delimiter run and what stands beside it.
  const stack = outer[0] === 'bold' && outer[1] === 'italic' ? 3 : DELIMITERS[outer[0]!].length;
  const next = opening.length > stack || code ? '*' : inner[0]!;
  const last = opening.length > stack || code ? '*' : inner.at(-1)!;
  const opens = before === '' || SPACE.test(before) || PUNCT.test(before) || !PUNCT.test(next);
  const closes = after === '' || SPACE.test(after) || PUNCT.test(after) || !PUNCT.test(last);
  if (!opens || !closes || before === opening[0] || (code && before === '`')) return undefined;
  return `${opening}${body}${[...opening].reverse().join('')}`;
}

/** A run as `[text](ricos:marks)`: any text, any marks markdown-inline.ts knows. */
const ricosRun = (run: Run, inner: string, place: TextPlace) =>
  `[${escape(inner, place)}](${destination(`ricos:${run.spec.join('+')}`)})`;

/** A link's runs cannot all keep their marks in one link: each is written as a link of its own. */
class Split extends Error {}

const sameMarks = (a: RicosNode, b: RicosNode) =>
  JSON.stringify((a.textData as { decorations?: unknown }).decorations ?? []) ===
  JSON.stringify((b.textData as { decorations?: unknown }).decorations ?? []);

/** Adjacent text nodes with the same marks as one. */
function merged(nodes: RicosNode[]): Run[] {
  const out: RicosNode[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (last && node.type === 'TEXT' && last.type === 'TEXT' && sameMarks(last, node)) {
      const text = `${(last.textData as { text: string }).text}${(node.textData as { text: string }).text}`;
      out[out.length - 1] = { ...last, textData: { ...(last.textData as object), text } };
    } else out.push(node);
  }
  return out.map(runOf).filter((run) => run.text !== '');
}

/** The Markdown of runs, each with its marks, whitespace outside the delimiters. */
function runsMarkdown(
  runs: Run[],
  place: TextPlace,
  losses: Losses,
  /** In a link: `split` throws Split where a mark cannot stand, `drop` leaves the mark out (and says so). */
  inLink: false | 'split' | 'drop',
  start: string,
): string {
  let out = '';
  runs.forEach((run, index) => {
    const [, lead = '', inner = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/u.exec(run.text) ?? [];
    const marked = run.natives.length > 0 || run.spec.length > 0;
    if (!inner || !marked) return void (out += escape(run.text, place));
    out += escape(lead, place);
    const nextRun = runs[index + 1];
    const nextText = nextRun && !(nextRun.natives.length || nextRun.spec.length) ? nextRun.text : 'x';
    const after = trail ? ' ' : nextRun ? (/^[\\*`[\]<~_&]/.test(nextText) ? '\\' : nextText[0]!) : inLink ? ']' : '';
    const before = out === '' ? start : out.at(-1)!;
    const ricos = run.ricosOnly && !inLink;
    const native = ricos ? undefined : nativeRun(run, inner, before, after, place);
    if (native !== undefined) out += native;
    else if (!inLink) out += ricosRun(run, inner, place);
    else if (inLink === 'split') throw new Split();
    else {
      losses.push(...run.natives.filter((kind) => kind !== 'code'));
      out += run.natives.includes('code') ? codeSpan(inner, place) : escape(inner, place);
    }
    if (inLink && run.ricosOnly) losses.push(...run.spec.filter((part) => !run.natives.includes(part as Native)));
    losses.push(...run.lost);
    out += escape(trail, place);
  });
  return out;
}

/** Runs sharing a link, as one link; as a link each when their marks cannot all stand in one (`[**.**](u)[c](u)`). */
function linkMarkdown(runs: Run[], link: string, place: TextPlace, losses: Losses): string {
  const found: Losses = [];
  try {
    const inner = runsMarkdown(runs, place, found, runs.length > 1 ? 'split' : 'drop', '[');
    losses.push(...found);
    return `[${inner}](${link})`;
  } catch (error) {
    if (!(error instanceof Split)) throw error;
    return runs.map((run) => linkMarkdown([run], link, place, losses)).join('');
  }
}

/** Leading and trailing white space of a line as character references (Markdown strips it). */
const keepSpaces = (line: string) =>
  line
    .replace(/^[ \t]+/, (spaces) => [...spaces].map((ch) => `&#${ch.charCodeAt(0)};`).join(''))
    .replace(
      /[ \t]+(\\?)$/,
      (spaces, hardBreak: string) =>
        [...spaces.slice(0, spaces.length - hardBreak.length)].map((ch) => `&#${ch.charCodeAt(0)};`).join('') +
        hardBreak,
    );

/** A line's start escaped where it would start a block (a heading, a quote, a list item, a rule, a setext line). */
const blockStart = (line: string) => line.replace(/^([#>+=-])/, '\\$1').replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2');

/** TEXT nodes (a paragraph's, a heading's, a caption's) as one Markdown text. Throws NotText at another node. */
export function textMarkdown(nodes: RicosNode[], place: TextPlace = {}, losses: Losses = []): string {
  const runs = merged(nodes);
  while (runs.length && /^\n+$/.test(runs[0]!.text)) runs.shift();
  if (runs[0]) runs[0] = { ...runs[0], text: runs[0].text.replace(/^\n+/, '') };
  const last = runs.at(-1);
  if (last) runs[runs.length - 1] = { ...last, text: last.text.replace(/\n+$/, '') };
  let out = '';
  for (let i = 0; i < runs.length;) {
    const link = runs[i]!.link;
    let j = i + 1;
    while (j < runs.length && runs[j]!.link === link) j++;
    const group = runs.slice(i, j);
    const before = out === '' ? '' : out.at(-1)!;
    out += link ? linkMarkdown(group, link, place, losses) : runsMarkdown(group, place, losses, false, before);
    i = j;
  }
  return out.split('\n').map(keepSpaces).map(blockStart).join('\n');
}

/** The plain text of TEXT nodes (a smart block's label, a title). */
export const plainOf = (nodes: RicosNode[]) =>
  nodes.map((node) => (node.type === 'TEXT' ? ((node.textData as { text?: string }).text ?? '') : '')).join('');
