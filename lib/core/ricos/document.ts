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
