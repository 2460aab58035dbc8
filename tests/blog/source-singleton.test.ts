import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { makePost, writeContentDir } from '../helpers/posts';

// In a production build, pages and route handlers load their own copies of lib/blog: the copy the
// webhook refreshes must hand out the same store the pages read.

const dir = writeContentDir([makePost(1)]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function freshModuleCopy() {
  vi.resetModules();
  return (await import('@/lib/blog')).blogSource;
}

it('every copy of the module hands out one source per process', async () => {
  vi.stubEnv('BLOG_SOURCE', 'local');
  vi.stubEnv('BLOG_CONTENT_DIR', dir);
  const pages = await freshModuleCopy();
  const webhook = await freshModuleCopy();
  expect(webhook()).toBe(pages());
});

it("an in-place edit refreshed through the webhook's copy shows in the pages' copy, every time", async () => {
  vi.stubEnv('BLOG_SOURCE', 'local');
  vi.stubEnv('BLOG_CONTENT_DIR', dir);
  const pages = await freshModuleCopy();
  const webhook = await freshModuleCopy();
  const file = path.join(dir, 'posts', 'post-0001.json');
  expect((await pages().getPost('post-0001'))?.title).toBe('Post number 1');
  for (const title of ['First edit', 'Second edit, longer', 'Third']) {
    writeFileSync(file, JSON.stringify(makePost(1, { title })));
    webhook().refresh();
    expect((await pages().getPost('post-0001'))?.title).toBe(title);
  }
});
