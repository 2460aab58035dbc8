import { posts as blogPosts } from '@wix/blog';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR, decorationsOf, readPosts, walk, type RawNode } from './helpers';

// The enums come from @wix/blog itself, so a node or decoration type added upstream fails this test until
// the demo content shows it.

const posts = readPosts(CONTENT_DIR).map(({ raw }) => raw);
const all: Array<{ node: RawNode; ancestors: string[]; slug: string }> = [];
for (const post of posts) walk(post.richContent.nodes, (node, ancestors) => all.push({ node, ancestors, slug: post.slug }));
const nodesOf = (type: string) => all.filter(({ node }) => node.type === type).map(({ node }) => node);
const decorations = all.flatMap(({ node }) => decorationsOf(node));
const hostile = posts.find((post) => post.slug === 'security-test-hostile-content');

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
    expect(all.some(({ node, ancestors }) => lists.includes(node.type) && ancestors.some((a) => lists.includes(a)))).toBe(true);
  });

  it('has links with every target and rel variant', () => {
    const links = decorations.filter((d) => d.type === 'LINK').map((d) => (d.linkData as { link: { target?: string; rel?: Record<string, boolean> } }).link);
    expect(links.some((link) => link.target === 'BLANK')).toBe(true);
    for (const rel of ['nofollow', 'sponsored', 'ugc']) expect(links.some((link) => link.rel?.[rel]), rel).toBe(true);
  });

  it('has the media variants the renderer must handle', () => {
    const videoUrls = nodesOf('VIDEO').map((node) => (node.videoData as { video: { src: { url: string } } }).video.src.url);
    expect(videoUrls.some((url) => /youtube\.com|youtu\.be/.test(url))).toBe(true);
    expect(videoUrls.some((url) => /\.mp4$/.test(url))).toBe(true);
    const htmlData = nodesOf('HTML').map((node) => node.htmlData as { html?: string; url?: string });
    expect(htmlData.some((data) => data.html)).toBe(true);
    expect(htmlData.some((data) => data.url)).toBe(true);
    const buttonTypes = new Set(nodesOf('BUTTON').map((node) => (node.buttonData as { type: string }).type));
    expect(buttonTypes).toEqual(new Set(['LINK', 'ACTION']));
    expect(nodesOf('IMAGE').some((node) => (node.imageData as { link?: unknown }).link && node.nodes?.some((child) => child.type === 'CAPTION'))).toBe(true);
  });

  it('has a published, unfeatured post of hostile content', () => {
    expect(hostile).toMatchObject({ status: 'PUBLISHED', featured: false });
    const text = JSON.stringify(hostile!.richContent);
    expect(text).toContain('javascript:alert(1)');
    expect(nodesOf('HTML').some((node) => (node.htmlData as { html?: string }).html?.includes('<script>window.__pwned = 1</script>'))).toBe(true);
    const hostileButtons: RawNode[] = [];
    walk(hostile!.richContent.nodes, (node) => node.type === 'BUTTON' && hostileButtons.push(node));
    expect(hostileButtons.some((node) => (node.buttonData as { link?: { url: string } }).link?.url.startsWith('data:text/html,'))).toBe(true);
  });
});
