import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getSchema } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { editorExtensions } from '@/components/editor/extensions';
import type { RichNode } from '@/lib/blog/types';
import { fromEditorDocument, toEditorDocument } from '@/components/editor/document';

// Every document the site ships and tests with, opened in the editor and saved unchanged, is stored with the same
// text, marks and blocks. "Opened in the editor": through the editor's own ProseMirror schema (Node.fromJSON, the
// schema's check, toJSON), as Tiptap's setContent and getJSON do.

const schema = getSchema(editorExtensions());
const openAndSave = (nodes: RichNode[]) => {
  const doc = schema.nodeFromJSON(toEditorDocument(nodes));
  doc.check();
  return fromEditorDocument(doc.toJSON(), () => 'new01');
};

/** Every rich content document under a folder of post files (one post per file, or a list). */
function documentsIn(dir: string): [string, RichNode[]][] {
  const found: [string, RichNode[]][] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.json')) {
        let value: unknown;
        try {
          value = JSON.parse(readFileSync(file, 'utf8'));
        } catch {
          continue;
        }
        for (const item of Array.isArray(value) ? value : [value]) {
          const nodes = (item as { richContent?: { nodes?: unknown } })?.richContent?.nodes;
          if (Array.isArray(nodes)) found.push([`${path.relative(process.cwd(), file)} ${item.id ?? ''}`, nodes]);
        }
      }
    }
  };
  visit(dir);
  return found;
}

/**
 * The same text, marks and blocks: adjacent texts with the same decorations are one (ProseMirror joins them, as any
 * editor does), and a text's decorations are a set (ProseMirror orders marks by kind).
 */
function normalised(nodes: readonly RichNode[]): unknown[] {
  const out: unknown[] = [];
  for (const node of nodes) {
    if (node.type === 'TEXT') {
      const { text, decorations = [] } = node.textData as { text: string; decorations?: unknown[] };
      const marks = decorations.map((d) => JSON.stringify(d, Object.keys(d as object).sort())).sort();
      const last = out.at(-1) as { text?: string; marks?: string[] } | undefined;
      if (last?.text !== undefined && JSON.stringify(last.marks) === JSON.stringify(marks)) last.text += text;
      else out.push({ text, marks });
      continue;
    }
    const { nodes: children = [], ...rest } = node;
    out.push({ ...rest, nodes: normalised(children as RichNode[]) });
  }
  return out;
}

const documents = [...documentsIn('content/posts'), ...documentsIn('tests/fixtures')];

describe('the editor keeps every stored document as it is', () => {
  it(`holds the demo content and every fixture (${documents.length} documents)`, () => {
    expect(documents.length).toBeGreaterThanOrEqual(44);
    const blocks = new Set<string>();
    const walk = (nodes: readonly RichNode[]) =>
      nodes.forEach((n) => (blocks.add(n.type), walk((n.nodes ?? []) as RichNode[])));
    for (const [, nodes] of documents) walk(nodes);
    // Every block type the renderer shows is among them.
    expect(blocks.size).toBeGreaterThanOrEqual(40);
    for (const [name, nodes] of documents) {
      expect(normalised(openAndSave(nodes)), name).toEqual(normalised(nodes));
    }
  });

  it('edits the blocks and marks it knows as its own, and keeps the rest whole', () => {
    const nodes = documents.flatMap(([, n]) => n);
    const doc = toEditorDocument(nodes);
    const types = new Set<string>();
    const walk = (n: { type: string; content?: unknown[]; marks?: { type: string }[] }) => {
      types.add(n.type);
      n.marks?.forEach((m) => types.add(`mark:${m.type}`));
      (n.content as (typeof n)[] | undefined)?.forEach(walk);
    };
    walk(doc as never);
    for (const type of ['paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'codeBlock']) {
      expect(types, type).toContain(type);
    }
    for (const type of ['horizontalRule', 'table', 'tableRow', 'tableCell', 'ricosBlock'])
      expect(types).toContain(type);
    for (const mark of ['bold', 'italic', 'underline', 'strike', 'code', 'link', 'ricosMark']) {
      expect(types).toContain(`mark:${mark}`);
    }
  });
});

describe('what the editor writes is stored as Ricos', () => {
  it('new blocks and marks get Ricos ids, data and decorations as Wix writes them', () => {
    const saved = fromEditorDocument(
      {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Title' }] },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
              { type: 'hardBreak' },
              {
                type: 'text',
                text: 'site',
                marks: [{ type: 'link', attrs: { href: 'https://x.example/', target: '_blank' } }],
              },
            ],
          },
          { type: 'horizontalRule' },
        ],
      },
      () => 'abcde',
    );
    expect(saved).toEqual([
      {
        type: 'HEADING',
        id: 'abcde',
        nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'Title', decorations: [] } }],
        headingData: { level: 3, textStyle: { textAlignment: 'AUTO' }, indentation: 0 },
      },
      {
        type: 'PARAGRAPH',
        id: 'abcde',
        nodes: [
          {
            type: 'TEXT',
            id: '',
            nodes: [],
            textData: { text: 'bold', decorations: [{ type: 'BOLD', fontWeightValue: 700 }] },
          },
          { type: 'TEXT', id: '', nodes: [], textData: { text: '\n', decorations: [] } },
          {
            type: 'TEXT',
            id: '',
            nodes: [],
            textData: {
              text: 'site',
              decorations: [{ type: 'LINK', linkData: { link: { url: 'https://x.example/', target: 'BLANK' } } }],
            },
          },
        ],
        paragraphData: { textStyle: { textAlignment: 'AUTO' }, indentation: 0 },
      },
      {
        type: 'DIVIDER',
        id: 'abcde',
        nodes: [],
        dividerData: { lineStyle: 'SINGLE', width: 'LARGE', alignment: 'CENTER' },
      },
    ]);
  });

  it('a heading whose level changed, and a link whose address changed, keep the rest of what they had', () => {
    const [heading, paragraph] = toEditorDocument([
      { type: 'HEADING', id: 'h1', nodes: [], headingData: { level: 2, indentation: 1 } },
      {
        type: 'PARAGRAPH',
        id: 'p1',
        nodes: [
          {
            type: 'TEXT',
            id: '',
            nodes: [],
            textData: {
              text: 'a',
              decorations: [
                { type: 'LINK', linkData: { link: { url: '/old', target: 'SELF', rel: { nofollow: true } } } },
              ],
            },
          },
        ],
      },
    ]).content!;
    heading!.attrs!.level = 4;
    paragraph!.content![0]!.marks![0]!.attrs!.href = '/new';
    const [h, p] = fromEditorDocument({ type: 'doc', content: [heading!, paragraph!] });
    expect(h).toMatchObject({ id: 'h1', headingData: { level: 4, indentation: 1 } });
    expect((p!.nodes as RichNode[])[0]!.textData).toEqual({
      text: 'a',
      decorations: [{ type: 'LINK', linkData: { link: { url: '/new', target: 'SELF', rel: { nofollow: true } } } }],
    });
  });
});
