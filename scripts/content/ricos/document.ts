import { Random } from '../random';
import type { RicosNode } from './types';

/** Gives every block node a short id (text leaves keep the empty id, as Wix writes them); ids already set are kept. */
export function assignIds(nodes: RicosNode[], seed: string): RicosNode[] {
  const random = new Random(`ids:${seed}`);
  const taken = new Set<string>();
  const collect = (node: RicosNode) => {
    if (node.id) taken.add(node.id);
    node.nodes.forEach(collect);
  };
  nodes.forEach(collect);
  const fresh = () => {
    let id = random.base36(5);
    while (taken.has(id)) id = random.base36(5);
    taken.add(id);
    return id;
  };
  const visit = (node: RicosNode): RicosNode => {
    const { type, id, nodes: children, ...data } = node;
    return { type, id: type === 'TEXT' ? '' : (id ?? fresh()), nodes: children.map(visit), ...data };
  };
  return nodes.map(visit);
}

/** The text of a document, one line per block that holds text. */
export function plainText(nodes: RicosNode[]): string {
  const lines: string[] = [];
  const visit = (node: RicosNode) => {
    const texts = node.nodes.filter((child) => child.type === 'TEXT');
    if (texts.length > 0) lines.push(texts.map((child) => (child.textData as { text: string }).text).join(''));
    node.nodes.filter((child) => child.type !== 'TEXT').forEach(visit);
  };
  nodes.forEach(visit);
  return lines.filter((line) => line.trim() !== '').join('\n');
}

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Minutes at 200 words a minute, rounded up. */
export const minutesToRead = (text: string): number => Math.max(1, Math.ceil(countWords(text) / 200));
