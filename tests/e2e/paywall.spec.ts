import { expect, test } from '@playwright/test';
import { main } from '../../scripts/blog/cli';
import { ContentFolder } from '../../scripts/blog/content-folder';
import { probePost, restorePost } from '../../scripts/blog/probe';

// Paid posts on the running server (issue 30, first part): the CLI makes a post paid, and a sentence of its fourth
// block on (past the default preview of three) appears 0 times for a visitor in the page's HTML, its RSC payload (as a
// client navigation and a prefetch ask it), the feed and the JSON API; the page stays prerendered, shows the paywall
// box, and says so to search engines. The post is put back as it was.

const CONTENT_DIR = '.e2e/content';
const folder = new ContentFolder(CONTENT_DIR);

type Node = { type?: string; nodes?: Node[]; textData?: { text?: string } };
const textOf = (node: Node): string =>
  node.type === 'TEXT' ? (node.textData?.text ?? '') : (node.nodes ?? []).map(textOf).join('');

test('a paid post shows its preview only, everywhere a visitor looks', async ({ request, baseURL }) => {
  const probe = await probePost(folder);
  const nodes = ((probe.post.richContent as { nodes?: Node[] } | undefined)?.nodes ?? []) as Node[];
  // A sentence only the paid part holds: the longest text of a block past the third that no free block repeats.
  const free = nodes.slice(0, 3).map(textOf).join('\n');
  const sentinel = nodes
    .slice(3)
    .map(textOf)
    .map((t) => t.trim().slice(0, 60))
    .filter((t) => t.length >= 20 && !/[&<>"'\\]/.test(t) && !free.includes(t))
    .sort((a, b) => b.length - a.length)[0];
  expect(sentinel, 'the probe post has text past its third block').toBeTruthy();
  const page = `/post/${probe.post.slug}`;
  expect(await (await request.get(page)).text()).toContain(sentinel!.slice(0, 30));

  const lines: string[] = [];
  const env = { ...process.env, BLOG_CONTENT_DIR: CONTENT_DIR, SITE_URL: baseURL! };
  const code = await main(['update', probe.post.id, '--plans', 'plan-gold'], {
    env,
    fetch,
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
  });
  expect(code, lines.join('\n')).toBe(0);
  try {
    const html = await request.get(page);
    expect(html.status()).toBe(200);
    const body = await html.text();
    expect(body).not.toContain(sentinel!.slice(0, 30));
    expect(body).toContain('The rest of this post is for members with a plan.');
    expect(body).toMatch(/"isAccessibleForFree":false/);
    // Served from the prerendered copy on the next request, as every visitor gets it.
    expect((await request.get(page)).headers()['x-nextjs-cache']).toMatch(/HIT|STALE/);
    for (const headers of [{ rsc: '1' }, { rsc: '1', 'next-router-prefetch': '1' }] as Record<string, string>[]) {
      const rsc = await request.get(`${page}?_rsc=paywall`, { headers });
      expect(rsc.status()).toBe(200);
      expect(await rsc.text()).not.toContain(sentinel!.slice(0, 30));
    }
    const api = await request.get(
      `/api/posts/${probe.post.id}?fieldsets=RICH_CONTENT&fieldsets=CONTENT_TEXT&fieldsets=SEO`,
    );
    const json = await api.text();
    expect(json).not.toContain(sentinel!.slice(0, 30));
    expect(JSON.parse(json).post.preview).toBe(true);
    expect(await (await request.get('/feed.xml')).text()).not.toContain(sentinel!.slice(0, 30));
  } finally {
    await restorePost(folder, baseURL!, probe);
  }
});
