import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { restPost } from '../../helpers/wix-blog';
import { API_KEY, json, on, withFakeWix } from './server';

const wix = withFakeWix();

describe('wix source: retries', () => {
  it('retries a 429 and succeeds', async () => {
    let calls = 0;
    wix.server.use(
      on.get('/v3/posts/:id', () =>
        ++calls === 1
          ? json({ message: 'slow down' }, { status: 429, headers: { 'Retry-After': '0' } })
          : json({ post: restPost() }),
      ),
    );
    await expect(wix.source().getPost('post-1')).resolves.toMatchObject({ id: 'post-1' });
    expect(calls).toBe(2);
  });

  it('retries 5xx a bounded number of times, then fails with WDE0053', async () => {
    let calls = 0;
    wix.server.use(on.get('/v3/posts', () => (calls++, json({ message: 'boom' }, { status: 503 }))));
    const error = await wix
      .source({ retries: 2 })
      .listPosts()
      .catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(error).toMatchObject({
      status: 502,
      wde: 'WDE0053',
      code: 'WD_UNKNOWN_ERROR',
      message: 'Wix answered HTTP 503 for GET /v3/posts after 3 attempts',
    });
  });

  it('uses 3 retries by default', async () => {
    let calls = 0;
    wix.server.use(on.get('/v3/posts/:id', () => (calls++, json({}, { status: 500 }))));
    await expect(wix.source().getPost('post-1')).rejects.toMatchObject({ wde: 'WDE0053' });
    expect(calls).toBe(4);
  });

  it('honours Retry-After, up to the cap', async () => {
    let calls = 0;
    wix.server.use(
      on.get('/v3/posts/:id', () =>
        ++calls === 1 ? json({}, { status: 429, headers: { 'Retry-After': '3600' } }) : json({ post: restPost() }),
      ),
    );
    const started = Date.now();
    await wix.source({ retryMaxMs: 150 }).getPost('post-1');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(2000);
  });

  it('does not retry other 4xx', async () => {
    let calls = 0;
    wix.server.use(on.get('/v3/posts/:id', () => (calls++, json({ message: 'forbidden' }, { status: 403 }))));
    const error = await wix
      .source()
      .getPost('post-1')
      .catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(error).toMatchObject({ status: 502, wde: 'WDE0053', message: expect.stringContaining('WIX_API_KEY') });
    expect((error as Error).message).not.toContain(API_KEY);
  });

  it('a network failure is retried, then WDE0053', async () => {
    let calls = 0;
    wix.server.use(on.get('/v3/posts/:id', () => (calls++, HttpResponse.error())));
    await expect(wix.source({ retries: 1 }).getPost('post-1')).rejects.toMatchObject({
      status: 502,
      wde: 'WDE0053',
      message: expect.stringContaining('could not be reached'),
    });
    expect(calls).toBe(2);
  });
});

describe('wix source: malformed answers', () => {
  const body = (text: string) => () =>
    new HttpResponse(text, { status: 200, headers: { 'Content-Type': 'application/json' } });

  it('a body that is not JSON is WDE0055', async () => {
    wix.server.use(on.get('/v3/posts/:id', body('<html>oops</html>')), on.get('/v3/posts', body('{"posts": [')));
    await expect(wix.source().getPost('post-1')).rejects.toMatchObject({ status: 502, wde: 'WDE0055' });
    await expect(wix.source().listPosts()).rejects.toMatchObject({ status: 502, wde: 'WDE0055' });
  });

  it('a body of the wrong shape is WDE0055', async () => {
    wix.server.use(
      on.get('/v3/posts/:id', () => json({ post: 5 })),
      on.get('/v3/posts', () => json({ posts: [5] })),
      on.post('/v3/posts/query', () => json({ posts: 'many' })),
      on.get('/v3/posts/slugs/:slug', () => json({ post: { id: 'no-slug' } })),
      on.get('/blog/v2/stats/posts/total', () => json({ total: 'lots' })),
      on.get('/v3/tags/:id', () => json(null)),
    );
    const source = wix.source();
    for (const call of [
      () => source.getPost('post-1'),
      () => source.listPosts(),
      () => source.queryPosts({}),
      () => source.getPostBySlug('x'),
      () => source.getTotalPosts(),
      () => source.getTag('t'),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 502, wde: 'WDE0055' });
    }
  });

  it('a 200 without the post is WDE0055, not null', async () => {
    wix.server.use(on.get('/v3/posts/:id', () => json({})));
    await expect(wix.source().getPost('post-1')).rejects.toMatchObject({ wde: 'WDE0055' });
  });
});
