import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RichContent } from '@/components/rich-content/rich-content';
import { synthLongPost } from '@/scripts/content/long';

// The element tree a post's rich content hands to React, as the RSC payload will carry it (issue 33): Next inlines
// that payload in every page for hydration, so what the tree carries per node is paid in every long post's bytes.
// A prop passed as undefined is written out ("id":"$undefined") and a Fragment around a single child is a wrapper
// of its own (["$","$1","n0",{"children":...}]); neither reaches the HTML.

interface Waste {
  undefinedProps: string[];
  wrappers: number;
  elements: number;
}

function walk(node: ReactNode, waste: Waste) {
  if (Array.isArray(node)) return node.forEach((child: ReactNode) => walk(child, waste));
  if (!isValidElement(node)) return;
  const element = node as ReactElement<Record<string, unknown>>;
  waste.elements++;
  if (element.type === Fragment) {
    const children = ([] as ReactNode[]).concat(element.props.children as ReactNode);
    if (children.length === 1 && (isValidElement(children[0]) || typeof children[0] === 'string')) waste.wrappers++;
  }
  // A server component's props stay on the server; an HTML element's go into the payload.
  if (typeof element.type === 'string')
    for (const [key, value] of Object.entries(element.props))
      if (value === undefined) waste.undefinedProps.push(`${element.type}.${key}`);
  walk(element.props.children as ReactNode, waste);
}

describe('a long post’s element tree', () => {
  const post = synthLongPost(3_000);
  const waste: Waste = { undefinedProps: [], wrappers: 0, elements: 0 };
  walk(RichContent({ content: post.richContent }), waste);

  it('is the whole post (the walk sees its nodes)', () => {
    expect(waste.elements).toBeGreaterThan(post.richContent.nodes.length);
  });

  it('passes no prop as undefined', () => {
    expect([...new Set(waste.undefinedProps)]).toEqual([]);
  });

  it('wraps no single child in a Fragment of its own', () => {
    expect(waste.wrappers).toBe(0);
  });
});
