import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { guardSource } from '@/lib/blog/guard';
import { restPost } from '../../helpers/wix-blog';
import { json, on, withFakeWix } from './server';

// A failing or hanging Wix must not make readers wait: a deadline per call (retries included) and a breaker
// that stops calling a platform that keeps failing.

const wix = withFakeWix();

const guarded = (
  options: { deadlineMs?: number; breakAfter?: number; halfOpenAfterMs?: number; retries?: number } = {},
) =>
  guardSource(wix.source({ retries: options.retries ?? 3 }), {
    name: 'Wix',
    deadlineMs: options.deadlineMs ?? 2_000,
    breakAfter: options.breakAfter ?? 3,
    halfOpenAfterMs: options.halfOpenAfterMs ?? 60_000,
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe('wix outage: deadline', () => {
  it('a hanging Wix fails the call at its deadline with 504 WDE0053, retries included', async () => {
    let calls = 0;
    wix.server.use(on.get('/v3/posts/:id', async () => (calls++, await delay('infinite'), json({}))));
    const started = performance.now();
    const error = await failure(guarded({ deadlineMs: 300 }).getPost('post-1'));
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(error).toMatchObject({ status: 504, wde: 'WDE0053', message: 'Wix did not answer within 0.3 s' });
    // The transport saw the deadline too: no attempt is started once the caller has given up.
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toBe(after);
  });

  it('a call that answers in time is untouched', async () => {
    wix.server.use(on.get('/v3/posts/:id', () => json({ post: restPost() })));
    await expect(guarded().getPost('post-1')).resolves.toMatchObject({ id: 'post-1' });
  });
});

describe('wix outage: circuit breaker', () => {
  it('after three failed calls Wix is not called and the answer is an immediate 503', async () => {
    let calls = 0;
    wix.server.use(on.get('/v3/posts', () => (calls++, json({ message: 'down' }, { status: 503 }))));
    const source = guarded({ retries: 0 });
    for (let i = 0; i < 3; i++) await expect(source.listPosts()).rejects.toMatchObject({ status: 502 });
    expect(calls).toBe(3);
    const error = await failure(source.getPost('post-1'));
    expect(error).toMatchObject({ status: 503, wde: 'WDE0053', message: expect.stringMatching(/^Wix is failing/) });
    expect(calls).toBe(3);
  });

  it('lets one call through after the pause, and closes when it succeeds', async () => {
    let down = true;
    wix.server.use(on.get('/v3/posts/:id', () => (down ? json({}, { status: 500 }) : json({ post: restPost() }))));
    const source = guarded({ retries: 0, breakAfter: 2, halfOpenAfterMs: 100 });
    for (let i = 0; i < 2; i++) await expect(source.getPost('post-1')).rejects.toMatchObject({ status: 502 });
    await expect(source.getPost('post-1')).rejects.toMatchObject({ status: 503 });
    down = false;
    await new Promise((resolve) => setTimeout(resolve, 150));
    await expect(source.getPost('post-1')).resolves.toMatchObject({ id: 'post-1' });
    await expect(source.getPost('post-1')).resolves.toMatchObject({ id: 'post-1' });
  });

  it('answers that say nothing about Wix health (404, 400) never open it', async () => {
    let calls = 0;
    wix.server.use(on.get('/v3/posts/:id', () => (calls++, json({ message: 'no' }, { status: 404 }))));
    const source = guarded({ retries: 0, breakAfter: 2 });
    for (let i = 0; i < 5; i++) await expect(source.getPost('missing')).resolves.toBeNull();
    expect(calls).toBe(5);
  });
});
