import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { ContentFolder } from '@/lib/blog/local/folder';
import { makePosts } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { captureLogs } from '../helpers/webhooks';

// The site's watch over its content folder (lib/blog watchContent): a change is often found by a request's own read
// before the watcher's notice. Next refuses to clear tags inside a render or a cached function ("revalidateTag can't
// be called inside a cached function", seen in the browser suite), so what the read found is published outside the
// request's context, as a job's event is.

const { contentDir: dir } = withSite({}, { content: makePosts(3) });
const { blogSource, watchContent } = await import('@/lib/blog');
const { observeEvents } = await import('@/lib/core/events/bus');
await blogSource().preload?.();
afterAll(watchContent()!);
captureLogs();

it("publishes a change a request's read found, outside that request's context", async () => {
  const request = new AsyncLocalStorage<string>();
  const heard: { type: string; context: string | undefined }[] = [];
  observeEvents((event) => heard.push({ type: event.type, context: request.getStore() }));
  const file = path.join(dir, 'posts', 'post-0001.json');
  await request.run('a request', async () => {
    const post = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    await new ContentFolder(dir).writePost({ ...post, title: 'Found by a read' } as never);
    // The read comes before the watcher's notice (gathered for 100 ms): it is what finds the change.
    expect((await blogSource().getPost('post-0001'))?.title).toBe('Found by a read');
  });
  await vi.waitFor(() => expect(heard).toEqual([{ type: 'wix.blog.v3.post_updated', context: undefined }]));
});
