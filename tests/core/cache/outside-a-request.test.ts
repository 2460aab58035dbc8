import { revalidateTag } from 'next/cache';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Tags cleared by work done outside a request (a scheduled post's job at its time): Next's revalidateTag throws there,
// so the bus's cache subscriber hands the tags to the cache handlers Next loaded at start, as Next does when a
// request ends (use-cache-handler.mjs registers the function): no request of the server to itself.

// Next's process-wide tags manifest, which its file-system page cache and in-memory 'use cache' handler check.
const { tagsManifest, areTagsExpired } =
  await import('next/dist/server/lib/incremental-cache/tags-manifest.external.js');
const { invalidate } = await import('@/lib/core/cache/invalidate');
const { observeEvents } = await import('@/lib/core/events/bus');

const EXPIRE = Symbol.for('wix-blog.expire-tags');
const registry = globalThis as Record<symbol, unknown>;

const outside = () =>
  vi.mocked(revalidateTag).mockImplementation(() => {
    throw new Error('Invariant: static generation store missing in revalidateTag posts');
  });
beforeEach(() => {
  vi.mocked(revalidateTag).mockReset();
  tagsManifest.clear();
});

describe('invalidate outside a request', () => {
  it('tells the subscribers at once and expires the tags in the handlers Next loaded, as a request would', async () => {
    delete registry[EXPIRE];
    // The handler module as Next loads it when the server starts.
    await import('@/lib/core/cache/use-cache-handler.mjs');
    expect(typeof registry[EXPIRE]).toBe('function');
    const heard: string[] = [];
    observeEvents((event) => heard.push(event.entityId));
    outside();
    const before = Date.now();
    const tags = invalidate({ type: 'wix.blog.v3.post_created', entityId: 'p-9' });
    expect(heard).toContain('p-9');
    expect(tags.length).toBeGreaterThan(0);
    // A page stored before the event, carrying one of the tags, is expired for both caches; one of another tag is not.
    await vi.waitFor(() => expect(areTagsExpired(tags.slice(0, 1), before - 1)).toBe(true));
    for (const tag of tags) expect(tagsManifest.get(tag)?.expired).toBeGreaterThanOrEqual(before);
    expect(areTagsExpired(['a-tag-no-event-names'], before - 1)).toBe(false);
  });

  it('says so in the log, and throws nothing, when no cache handler registered (a process that is no server)', async () => {
    delete registry[EXPIRE];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    outside();
    expect(() => invalidate({ type: 'wix.blog.v3.post_updated', entityId: 'p-1' })).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('not cleared')));
    expect(tagsManifest.size).toBe(0);
    warn.mockRestore();
  });
});

describe('invalidate in a request', () => {
  it('expires the tags in the handlers before the request answers, not only when Next ends it', async () => {
    // Next hands a route's revalidated tags to the handlers in the request's waitUntil, after its answer: a page read
    // right after "saved" was the old one (settings.spec, CI run 41).
    // The handler module loaded afresh, as a server's start loads it (the test before took its function away).
    delete registry[EXPIRE];
    vi.resetModules();
    await import('@/lib/core/cache/use-cache-handler.mjs');
    expect(typeof registry[EXPIRE]).toBe('function');
    vi.mocked(revalidateTag).mockImplementation(() => undefined);
    // The manifest the fresh handlers write.
    const fresh = await import('next/dist/server/lib/incremental-cache/tags-manifest.external.js');
    const before = Date.now();
    const { invalidate: invalidateNow } = await import('@/lib/core/cache/invalidate');
    const tags = invalidateNow({ type: 'site.settings.changed', entityId: 'site-settings' });
    expect(revalidateTag).toHaveBeenCalled();
    // In the same tick as the event, every tag is in the handlers' manifest: no waiting for the request to end.
    for (const tag of tags) expect(fresh.tagsManifest.get(tag)?.expired).toBeGreaterThanOrEqual(before);
    // Expired by Next's own clock once it reaches that time: Next's handler stamps the time rounded to the millisecond
    // (`Math.round(performance.timeOrigin + performance.now())`) and compares it with the unrounded clock, so for up to
    // half a millisecond a tag just stamped is not yet expired (CI run 45 read it so, in the same tick).
    await vi.waitFor(() => expect(fresh.areTagsExpired(tags, before - 1)).toBe(true), { timeout: 1_000, interval: 1 });
  });
});
