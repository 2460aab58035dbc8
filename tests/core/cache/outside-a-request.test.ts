import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { revalidateTag } from 'next/cache';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Tags cleared by work done outside a request (a scheduled post's job at its time): Next's revalidateTag throws
// there, so invalidate() tells the listeners at once and has the tags cleared by the server's own request to itself
// (POST /api/internal/tags on loopback, PORT), which only this process's key opens.

const { invalidate } = await import('@/lib/core/cache/invalidate');
const { observeEvents } = await import('@/lib/core/events/bus');
const route = await import('@/app/api/internal/tags/route');

// The server this process listens as: the real route handler behind node:http, on PORT.
const seen: { key: string | undefined; status: number }[] = [];
const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const response = await route.POST(
    new Request(`http://127.0.0.1${req.url}`, {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    }),
  );
  seen.push({ key: req.headers['x-internal-key'] as string | undefined, status: response.status });
  res.writeHead(response.status, { 'content-type': 'application/json' }).end(await response.text());
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
vi.stubEnv('PORT', String((server.address() as AddressInfo).port));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const outside = () =>
  vi.mocked(revalidateTag).mockImplementationOnce(() => {
    throw new Error('Invariant: static generation store missing in revalidateTag posts');
  });
beforeEach(() => {
  vi.mocked(revalidateTag).mockReset();
  seen.length = 0;
});

describe('invalidate outside a request', () => {
  it('tells the listeners at once and clears the tags in a request of its own', async () => {
    const heard: string[] = [];
    observeEvents((event) => heard.push(event.entityId));
    outside();
    const tags = invalidate({ type: 'wix.blog.v3.post_created', entityId: 'p-9' });
    expect(heard).toContain('p-9');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.status).toBe(200);
    // The first call threw (outside); the request cleared every tag.
    expect(
      vi
        .mocked(revalidateTag)
        .mock.calls.slice(1)
        .map(([tag]) => tag),
    ).toEqual(tags);
  });

  it('the internal route opens to this process’s key only, and takes a list of tags only', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      route.POST(new Request('http://127.0.0.1/api/internal/tags', { method: 'POST', headers, body }));
    for (const key of [undefined, '', 'x'.repeat(43)]) {
      const refused = await post(key === undefined ? {} : { 'x-internal-key': key }, '{"tags":["posts"]}');
      expect([refused.status, (await refused.json()).error.wde]).toEqual([404, 'WDE0073']);
    }
    expect(revalidateTag).not.toHaveBeenCalled();

    // The key, as the process sends it.
    outside();
    invalidate({ type: 'wix.blog.v3.post_updated', entityId: 'p-1' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const key = seen[0]!.key!;
    for (const body of ['not json', '{"tags":"posts"}', `{"tags":[${'"t",'.repeat(200)}"t"]}`]) {
      expect((await post({ 'x-internal-key': key }, body)).status).toBe(400);
    }
  });
});
