import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTENT_DIR = fileURLToPath(new URL('../../content', import.meta.url));
/** Posts that tests add to a copy of content/ (the hostile-content post): a content folder of posts only. */
export const FIXTURE_CONTENT_DIR = fileURLToPath(new URL('../fixtures/content', import.meta.url));

export interface RawNode {
  type: string;
  id?: string;
  nodes?: RawNode[];
  textData?: { text: string; decorations?: Array<Record<string, unknown> & { type: string }> };
  [data: string]: unknown;
}

export interface RawPost {
  id: string;
  slug: string;
  status: string;
  richContent: { nodes: RawNode[] };
  [field: string]: unknown;
}

export const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Every post file of a content folder, with its file name. */
export function readPosts(dir: string): Array<{ file: string; raw: RawPost }> {
  const postsDir = path.join(dir, 'posts');
  return readdirSync(postsDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => ({ file, raw: readJson<RawPost>(path.join(postsDir, file)) }));
}

/** Visits every node depth first, with the types of its ancestors. */
export function walk(
  nodes: RawNode[],
  visit: (node: RawNode, ancestors: string[]) => void,
  ancestors: string[] = [],
): void {
  for (const node of nodes) {
    visit(node, ancestors);
    walk(node.nodes ?? [], visit, [...ancestors, node.type]);
  }
}

export const decorationsOf = (node: RawNode) => node.textData?.decorations ?? [];
