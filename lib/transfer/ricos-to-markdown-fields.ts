import type { RicosNode } from '@/lib/core/ricos/types';

// What the ```ricos:<kind> blocks are written with (ricos-to-markdown-directives.ts): their `key: value` fields in the
// YAML subset the site's reader takes (lib/core/ricos/directive-fields.ts), the fence, the ```ricos:node block of a
// node whole, and the comparison that says a block reads back as the node it was written for.

/** A value the fields' YAML subset (lib/core/ricos/directive-fields.ts) cannot hold: null, a list of maps, an odd
 * key. */
export class Unwritable extends Error {}

const KEY = /^[A-Za-z][\w-]*$/;
/** Plain scalars the demo's reader (and YAML) would read otherwise: these are written as JSON strings. */
const NEEDS_QUOTES = /^[[\]{}#&*!|>'"%@`,]|^[-?:](?: |$)|: | #|:$|^\s|\s$/;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const YAML_OTHER =
  /^(?:~|null|true|false|yes|no|y|n|on|off|[-+]?\.?(?:inf|nan)|0x[\da-f]+|0o[0-7]+|[-+]?[\d._]+(?:e[-+]?\d+)?)$/i;

function scalar(value: unknown, inList: boolean): string {
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (!NUMBER.test(String(value))) throw new Unwritable(`number ${value}`);
    return String(value);
  }
  if (typeof value !== 'string') throw new Unwritable(`a ${value === null ? 'null' : typeof value} value`);
  const plain =
    value !== '' &&
    !NEEDS_QUOTES.test(value) &&
    !YAML_OTHER.test(value) &&
    !/[\u0000-\u001f\u007f\u2028\u2029]/.test(value) &&
    !(inList && /[,[\]]/.test(value));
  return plain ? value : JSON.stringify(value);
}

/** Text written as a `|-` block: several lines, none but the first blank at the end, no other control character. */
const blockText = (value: string) =>
  value.includes('\n') && !/[\r\u0000-\u0008\u000b-\u001f\u007f]/.test(value) && /^\S/.test(value) && /\S$/.test(value);

function mapLines(values: Record<string, unknown>, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (!KEY.test(key)) throw new Unwritable(`key ${key}`);
    if (Array.isArray(value)) lines.push(`${pad}${key}: [${value.map((item) => scalar(item, true)).join(', ')}]`);
    else if (value && typeof value === 'object') {
      const inner = mapLines(value as Record<string, unknown>, indent + 2);
      if (!inner.length) throw new Unwritable(`empty map ${key}`);
      lines.push(`${pad}${key}:`, ...inner);
    } else if (typeof value === 'string' && blockText(value))
      lines.push(`${pad}${key}: |-`, ...value.split('\n').map((line) => (line ? `${pad}  ${line}` : '')));
    else lines.push(`${pad}${key}: ${scalar(value, false)}`);
  }
  return lines;
}

/** Fields as the `key: value` lines of a ```ricos:<kind> block. Throws Unwritable. */
export const fieldsText = (values: Record<string, unknown>) => mapLines(values, 0).join('\n');

/** A fenced block, its fence longer than any backtick run in the body. */
export function fenced(info: string, body: string): string {
  const longest = Math.max(2, ...(body.match(/`{3,}/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${body}${body ? '\n' : ''}${fence}`;
}

/** A node whole, as the ```ricos:node block a reader parses back (see the report: markdown.ts's addition). */
export const jsonBlock = (node: RicosNode) => fenced('ricos:node', JSON.stringify(node, null, 2));

/** Objects with sorted keys, undefined values out, and nodes without their ids: what "the same node" compares. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const isNode = typeof record.type === 'string' && Array.isArray(record.nodes);
  return Object.fromEntries(
    Object.keys(record)
      .filter((key) => record[key] !== undefined && !(isNode && key === 'id'))
      .sort()
      .map((key) => [key, canonical(record[key])]),
  );
}
export const sameNode = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
