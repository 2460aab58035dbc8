import { posts as blogPosts } from '@wix/blog';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR, decorationsOf, readPosts, walk, type RawNode } from './helpers';

// The enums come from @wix/blog itself, so a node or decoration type added upstream fails this test until
// the demo content shows it.

const posts = readPosts(CONTENT_DIR).map(({ raw }) => raw);
const all: Array<{ node: RawNode; ancestors: string[]; slug: string }> = [];
for (const post of posts)
  walk(post.richContent.nodes, (node, ancestors) => all.push({ node, ancestors, slug: post.slug }));
const nodesOf = (type: string) => all.filter(({ node }) => node.type === type).map(({ node }) => node);
const decorations = all.flatMap(({ node }) => decorationsOf(node));

describe('rich content coverage', () => {
  it('uses every NodeType of @wix/blog', () => {
    const used = new Set(all.map(({ node }) => node.type));
    const missing = Object.values(blogPosts.NodeType).filter((type) => !used.has(type));
    expect(missing).toEqual([]);
  });

  it('uses every DecorationType of @wix/blog', () => {
    const used = new Set(decorations.map((decoration) => decoration.type));
    const missing = Object.values(blogPosts.DecorationType).filter((type) => !used.has(type));
    expect(missing).toEqual([]);
  });

  it('uses the legacy type names', () => {
    expect(nodesOf('BULLET_LIST').length).toBeGreaterThan(0);
    expect(nodesOf('GIPHY').length).toBeGreaterThan(0);
  });

  it('uses every heading level and nested lists', () => {
    const levels = new Set(nodesOf('HEADING').map((node) => (node.headingData as { level: number }).level));
    expect([...levels].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const lists = ['BULLETED_LIST', 'ORDERED_LIST'];
    expect(
      all.some(({ node, ancestors }) => lists.includes(node.type) && ancestors.some((a) => lists.includes(a))),
    ).toBe(true);
  });

  it('has links with every target and rel variant', () => {
    const links = decorations
      .filter((d) => d.type === 'LINK')
      .map((d) => (d.linkData as { link: { target?: string; rel?: Record<string, boolean> } }).link);
    expect(links.some((link) => link.target === 'BLANK')).toBe(true);
    for (const rel of ['nofollow', 'sponsored', 'ugc'])
      expect(
        links.some((link) => link.rel?.[rel]),
        rel,
      ).toBe(true);
  });

  it('has the media variants the renderer must handle', () => {
    const videoUrls = nodesOf('VIDEO').map(
      (node) => (node.videoData as { video: { src: { url: string } } }).video.src.url,
    );
    expect(videoUrls.some((url) => /youtube\.com|youtu\.be/.test(url))).toBe(true);
    expect(videoUrls.some((url) => /\.mp4$/.test(url))).toBe(true);
    // HTML blocks by URL are covered by the hostile fixture and the renderer's tests: in the demo, a URL would be a
    // load from another host (the renderer frames https URLs only), and the demo needs no network.
    expect(nodesOf('HTML').some((node) => (node.htmlData as { html?: string }).html)).toBe(true);
    expect(nodesOf('GIF').length).toBeGreaterThan(0);
    const buttonTypes = new Set(nodesOf('BUTTON').map((node) => (node.buttonData as { type: string }).type));
    expect(buttonTypes).toEqual(new Set(['LINK', 'ACTION']));
    expect(
      nodesOf('IMAGE').some(
        (node) => (node.imageData as { link?: unknown }).link && node.nodes?.some((child) => child.type === 'CAPTION'),
      ),
    ).toBe(true);
  });

  it('carries no hostile content: that lives in the test fixtures (tests/fixtures/content)', () => {
    for (const post of posts) {
      expect(JSON.stringify(post), post.slug).not.toMatch(/__pwned|javascript:|vbscript:|data:text\/html|onerror=/i);
      expect(JSON.stringify([post.title, post.excerpt, post.seoData]), post.slug).not.toMatch(/<\/?[a-z]/i);
    }
  });
});
