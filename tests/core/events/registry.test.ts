import { describe, expect, it, vi } from 'vitest';
import { BLOG_EVENT_TYPES, SITE_EVENT_TAGS } from '@/lib/core/cache/event-tags';
import { EVENT_SUBSCRIBERS, ORDER, subscribersOf } from '@/lib/core/events/registry';
import { observeEvents, publish, subscribe } from '@/lib/core/events/bus';

// The registry (lib/core/events/registry.ts) lists every event the cache knows, each with its subscribers in the one
// order; the bus runs them in that order, each once, skipping those not attached.

describe('the events registry', () => {
  it('lists every event, each clearing the cache, its subscribers in the house’s order', () => {
    const types = [...BLOG_EVENT_TYPES, ...Object.keys(SITE_EVENT_TAGS)].sort();
    expect(Object.keys(EVENT_SUBSCRIBERS).sort()).toEqual(types);
    for (const type of types) {
      const row = subscribersOf(type as keyof typeof EVENT_SUBSCRIBERS);
      expect(row).toContain('cache');
      expect([...row].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))).toEqual(row);
      expect(new Set(row).size).toBe(row.length);
    }
  });

  it('the bus runs an event’s attached subscribers in the registry’s order, and only those its row names', () => {
    const ran: string[] = [];
    subscribe('schedule-planning', () => ran.push('schedule-planning'));
    subscribe('newsletter-first-send', () => ran.push('newsletter-first-send'));
    subscribe('blog-source', () => ran.push('blog-source'));
    const seen: string[][] = [];
    const stop = observeEvents((_event, names) => seen.push([...names]));
    expect(publish({ type: 'wix.blog.v3.post_created', entityId: 'p-1' })).toContain('post:p-1');
    publish({ type: 'wix.blog.v3.draft_updated', entityId: 'p-2' });
    stop();
    expect(ran).toEqual(['blog-source', 'newsletter-first-send', 'blog-source', 'schedule-planning']);
    expect(seen).toEqual([
      ['blog-source', 'cache', 'newsletter-first-send'],
      ['blog-source', 'cache', 'schedule-planning'],
    ]);
  });

  it('a subscriber that fails does not stop the ones after it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    subscribe('blog-source', () => {
      throw new Error('boom');
    });
    subscribe('reply-mail', async () => {
      ran.push('reply-mail');
      throw new Error('later');
    });
    expect(() => publish({ type: 'wix.comments.v2.comment_created', entityId: 'c-1', resourceId: 'p-1' })).toThrow(
      'boom',
    );
    expect(ran).toEqual(['reply-mail']);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining('"subscriber":"reply-mail"')));
  });
});
