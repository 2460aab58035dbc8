import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';

// In a production build, pages and route handlers load their own copies of lib/blog: the copy the
// webhook refreshes must hand out the same store the pages read.

const { contentDir: dir } = withSite({}, { content: [makePost(1)] });

async function freshModuleCopy() {
  vi.resetModules();
  return (await import('@/lib/blog')).blogSource;
}

it('every copy of the module hands out one source per process', async () => {
  const pages = await freshModuleCopy();
  const webhook = await freshModuleCopy();
  expect(webhook()).toBe(pages());
});

it("an in-place edit refreshed through the webhook's copy shows in the pages' copy, every time", async () => {
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
