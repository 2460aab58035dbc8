import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { minutesToRead, plainText } from '@/lib/blog/tools';
import { assignIds } from '@/lib/core/ricos/document';
import type { RicosNode } from '@/lib/core/ricos/types';
import { UsageError } from './errors';
import { MarkdownError, markdownToRicos } from '@/lib/core/ricos/markdown';

// A post body from a file: Markdown (.md, .markdown) or Ricos JSON (.json: a node list or { nodes }).

const Node: z.ZodType<RicosNode> = z.lazy(() =>
  z.looseObject({ type: z.string().min(1), id: z.string().optional(), nodes: z.array(Node).default([]) }),
);
const RicosFile = z.union([z.array(Node), z.looseObject({ nodes: z.array(Node) }).transform((doc) => doc.nodes)]);

export interface Body {
  nodes: RicosNode[];
  contentText: string;
  minutesToRead: number;
}

export async function readBody(file: string, postId: string): Promise<Body> {
  const extension = path.extname(file).toLowerCase();
  if (!['.md', '.markdown', '.json'].includes(extension))
    throw new UsageError(`--content must be a .md or .json file: ${file}`);
  const source = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read --content ${file}: ${error.code ?? error.message}`);
  });
  let nodes: RicosNode[];
  if (extension === '.json') {
    let json: unknown;
    try {
      json = JSON.parse(source);
    } catch {
      throw new UsageError(`${file} is not valid JSON`);
    }
    const parsed = RicosFile.safeParse(json);
    if (!parsed.success)
      throw new UsageError(
        `${file} is not a Ricos document: expected an array of nodes or { "nodes": [...] }, each with a "type"`,
      );
    nodes = parsed.data;
  } else {
    try {
      nodes = markdownToRicos(source);
    } catch (error) {
      if (error instanceof MarkdownError) throw new UsageError(`${file}:${error.line}: ${error.message}`);
      throw error;
    }
  }
  const withIds = assignIds(nodes, `${postId}:${randomUUID()}`);
  const contentText = plainText(withIds);
  return { nodes: withIds, contentText, minutesToRead: minutesToRead(contentText) };
}
