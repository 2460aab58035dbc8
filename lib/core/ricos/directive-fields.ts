import type { z } from 'zod';
import { MarkdownError } from './markdown';

// The `key: value` lines of a post's front matter and of a ```ricos:<kind> block: a strict subset of YAML 1.2.
// A value is a plain scalar (true/false, a number, else a string), a "double-quoted" JSON string, a [flow, list]
// of those, a nested map (the lines below, indented two more spaces), a `|-` / `|` literal block or a `>-` / `>`
// folded one. Anything else (tabs, anchors, null, a plain string YAML would read otherwise) is an error at its
// line, so nothing is read in a way the writer did not mean.

export type Value = string | number | boolean | Value[] | { [key: string]: Value };

export interface Fields {
  values: Record<string, Value>;
  /** The file line of every key, by its dotted path (`seo.title`). */
  lines: Map<string, number>;
}

const QUOTED = /^"(?:[^"\\]|\\.)*"/;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const KEY_LINE = /^([A-Za-z][\w-]*):(?: +(.*))?$/;
/** Plain scalars YAML would read as something else, or not at all: these must be quoted. */
const NEEDS_QUOTES = /^[[\]{}#&*!|>'"%@`,]|^[-?:](?: |$)|: | #|:$|^\s|\s$/;

function scalar(text: string, line: number): string | number | boolean {
  if (text.startsWith('"')) {
    const quoted = QUOTED.exec(text)?.[0];
    if (quoted !== text) throw new MarkdownError(`a quoted value ends at its closing quote: ${text}`, line);
    return JSON.parse(quoted) as string;
  }
  if (text === 'true' || text === 'false') return text === 'true';
  if (NUMBER.test(text)) return Number(text);
  if (['null', '~', ''].includes(text))
    throw new MarkdownError(`a value is missing (write "" for an empty string)`, line);
  if (NEEDS_QUOTES.test(text))
    throw new MarkdownError(`quote this value (YAML would not read it as written): ${text}`, line);
  return text;
}

function flowList(text: string, line: number): Value[] {
  const items: Value[] = [];
  let rest = text.slice(1, -1).trim();
  while (rest) {
    const item = rest.startsWith('"') ? QUOTED.exec(rest)?.[0] : /^[^,]*/.exec(rest)![0];
    if (item === undefined) throw new MarkdownError(`an unclosed quote in the list ${text}`, line);
    items.push(scalar(item.trim(), line));
    rest = rest.slice(item.length).trim();
    if (!rest) break;
    if (!rest.startsWith(',')) throw new MarkdownError(`list items are separated by commas: ${text}`, line);
    rest = rest.slice(1).trim();
    if (!rest) throw new MarkdownError(`a list does not end with a comma: ${text}`, line);
  }
  return items;
}

export function parseFields(text: string, firstLine: number): Fields {
  const lines = text.split(/\r?\n/);
  const keyLines = new Map<string, number>();
  let i = 0;
  const lineNo = () => firstLine + i;
  const indentOf = (raw: string) => raw.length - raw.trimStart().length;
  const skippable = (raw: string) => raw.trim() === '' || raw.trimStart().startsWith('#');

  function block(indent: number, keep: boolean): string {
    const out: string[] = [];
    while (i < lines.length && (lines[i]!.trim() === '' || indentOf(lines[i]!) >= indent))
      out.push(lines[i++]!.slice(indent));
    while (out.length && out.at(-1)!.trim() === '') out.pop();
    return out.join('\n') + (keep ? '\n' : '');
  }

  /** A `>-` block: its lines joined by spaces (blank or more-indented lines, folded otherwise by YAML, are errors). */
  function folded(indent: number, keep: boolean, line: number): string {
    const start = i;
    const text = block(indent, false);
    const parts = text.split('\n');
    if (!text) throw new MarkdownError('a folded (>-) value has no lines', line);
    const odd = parts.findIndex((part) => part.trim() === '' || part !== part.trim());
    if (odd >= 0)
      throw new MarkdownError(
        'a folded (>-) value is lines of text, none blank or indented further',
        start + odd + firstLine,
      );
    return parts.join(' ') + (keep ? '\n' : '');
  }

  function map(indent: number, prefix: string): Record<string, Value> {
    const out: Record<string, Value> = {};
    while (i < lines.length) {
      const raw = lines[i]!;
      if (skippable(raw)) {
        i++;
        continue;
      }
      if (/^\s*\t/.test(raw)) throw new MarkdownError('indent with spaces, not tabs', lineNo());
      const indentation = indentOf(raw);
      if (indentation < indent) break;
      if (indentation > indent) throw new MarkdownError(`unexpected indentation (expected ${indent} spaces)`, lineNo());
      const match = KEY_LINE.exec(raw.slice(indent).trimEnd());
      if (!match) throw new MarkdownError(`expected "key: value", not: ${raw.trim()}`, lineNo());
      const [, key = '', value = ''] = match;
      const path = prefix + key;
      if (Object.hasOwn(out, key)) throw new MarkdownError(`"${path}" is set twice`, lineNo());
      keyLines.set(path, lineNo());
      const line = lineNo();
      i++;
      if (value === '|' || value === '|-') out[key] = block(indent + 2, value === '|');
      else if (value === '>' || value === '>-') out[key] = folded(indent + 2, value === '>', line);
      else if (value.startsWith('[')) {
        if (!value.endsWith(']')) throw new MarkdownError(`a list is written on one line: [a, b]`, line);
        out[key] = flowList(value, line);
      } else if (value !== '') out[key] = scalar(value, line);
      else {
        while (i < lines.length && skippable(lines[i]!)) i++;
        if (i >= lines.length || indentOf(lines[i]!) <= indent) throw new MarkdownError(`"${path}" has no value`, line);
        out[key] = map(indent + 2, `${path}.`);
      }
    }
    return out;
  }

  const values = map(0, '');
  return { values, lines: keyLines };
}

/** The fields checked against a schema; the first problem is an error at the line of its key. */
export function checkFields<T>(schema: z.ZodType<T>, fields: Fields, what: string, line: number): T {
  const result = schema.safeParse(fields.values);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  let at = line;
  for (let n = path.length; n > 0; n--) {
    const found = fields.lines.get(path.slice(0, n).join('.'));
    if (found !== undefined) {
      at = found;
      break;
    }
  }
  const name = path.join('.');
  const message =
    issue.code === 'unrecognized_keys' ? `unknown key "${name}"` : name ? `${name}: ${issue.message}` : issue.message;
  throw new MarkdownError(`${what}: ${message}`, at);
}
