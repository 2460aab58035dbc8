import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import {
  captureLogs,
  errorOf,
  postUpdated,
  revalidated,
  routeContext,
  signed,
  webhookRequest,
  webhookSite,
} from './helpers';

const { keys: site, POST } = await webhookSite('limits');

let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  logs = captureLogs();
});

const KiB = 1024;
const streamOf = (bytes: number, chunk = 8 * KiB) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
};

describe('body size', () => {
  it('answers 413 to a body over 64 KiB that declares its length', async () => {
    const error = await errorOf(
      await POST(webhookRequest('x'.repeat(64 * KiB + 1), { 'content-length': String(64 * KiB + 1) }), routeContext),
    );
    expect(error).toMatchObject({ status: 413, wde: 'WDE0109' });
    expect(logs()).toEqual([expect.objectContaining({ outcome: 'too-large' })]);
  });

  it('answers 413 to a streamed body as soon as it passes 64 KiB', async () => {
    const error = await errorOf(await POST(webhookRequest(streamOf(10 * 1024 * KiB)), routeContext));
    expect(error).toMatchObject({ status: 413, wde: 'WDE0109' });
    expect(revalidated()).toEqual([]);
  });

  it('answers 413 even when a valid token is padded past the limit', async () => {
    const token = await signed(postUpdated(), site.privateKey);
    expect((await POST(webhookRequest(`${token}${' '.repeat(64 * KiB)}`), routeContext)).status).toBe(413);
    expect(revalidated()).toEqual([]);
  });

  it('takes a body at the limit', async () => {
    const token = await signed(postUpdated('fits'), site.privateKey);
    expect((await POST(webhookRequest(`${token}${' '.repeat(64 * KiB - token.length)}`), routeContext)).status).toBe(
      200,
    );
  });

  it('answers other methods with a JSON 405 naming POST, and clears nothing', async () => {
    const route = await import('@/app/api/webhooks/wix/route');
    expect(Object.keys(route).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    const response = await route.GET(new Request('http://localhost:3000/api/webhooks/wix'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('OPTIONS, POST');
    expect(revalidated()).toEqual([]);
  });
});
