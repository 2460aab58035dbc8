import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { RichContent } from '@/components/rich-content/rich-content';

export type Node = Record<string, unknown>;

export const render = (content: unknown): string => renderToStaticMarkup(<RichContent content={content} />);

/** Renders nodes as a document, without React's hoisted `<link rel=preload>` for the first image. */
export const renderNodes = (...nodes: unknown[]): string => render({ nodes }).replace(/^<link [^>]*>/, '');

export const text = (value: string, decorations: unknown[] = []): Node => ({
  type: 'TEXT',
  id: '',
  nodes: [],
  textData: { text: value, decorations },
});

export const paragraph = (...children: Node[]): Node => ({
  type: 'PARAGRAPH',
  id: 'p',
  nodes: children,
  paragraphData: {},
});

export const heading = (value: string, level = 2, id = 'h'): Node => ({
  type: 'HEADING',
  id,
  nodes: [text(value)],
  headingData: { level },
});

export const node = (type: string, data: Record<string, unknown> = {}, nodes: Node[] = []): Node => ({
  type,
  id: `${type.toLowerCase()}-1`,
  nodes,
  ...data,
});

export const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/ricos/${name}.json`, import.meta.url), 'utf8'));

export const SAMPLE_NAMES = ['inner-rce-images', 'plain-text-content', 'storybook-example-app'] as const;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#x27': "'",
  '#39': "'",
  nbsp: '\u00a0',
};

/** The text a browser would show, roughly: tags dropped, entities decoded. */
export const visibleText = (html: string): string =>
  html
    .replace(/<(script|style|iframe)[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, e: string) => ENTITIES[e]!);

/** Every start tag of one element name, with its attributes as a map. */
export function tags(html: string, name: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}(\\s[^>]*)?>`, 'gi'))) {
    const attrs: Record<string, string> = {};
    for (const a of (match[1] ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attrs[a[1]!.toLowerCase()] = a[2] ?? '';
    out.push(attrs);
  }
  return out;
}

export const count = (html: string, pattern: RegExp): number =>
  html.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
