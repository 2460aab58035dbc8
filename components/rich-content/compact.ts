import { Fragment, cloneElement, createElement, isValidElement, type ReactNode } from 'react';

// What keeps a long post's RSC payload small (issue 33). Next inlines the payload in the HTML for hydration, so every
// byte of structure per node is paid twice per page; a 12,000-word post has ~6,000 nodes.

/**
 * `node` as a keyed child without a wrapper where it can carry the key itself: an element takes the key, text needs
 * none. The payload writes out every Fragment (`["$","$1","n0",{"children":...}]`, ~30 bytes).
 */
export function keyed(node: ReactNode, key: string | number): ReactNode {
  if (node === null || node === undefined || typeof node !== 'object') return node;
  if (isValidElement(node)) return cloneElement(node, { key });
  if (Array.isArray(node) && node.length === 1) return keyed(node[0] as ReactNode, key);
  return createElement(Fragment, { key }, node);
}

/**
 * `props` without its undefined values. The payload keeps a prop passed as `undefined` (`"id":"$undefined"`, ~17
 * bytes) where the HTML has nothing; spread the result into the element.
 */
export function defined<T extends Record<string, unknown>>(props: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key in props) if (props[key] !== undefined) out[key] = props[key];
  return out;
}
