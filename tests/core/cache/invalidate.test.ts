import { revalidateTag } from 'next/cache';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The one way a change reaches the pages (lib/core/cache/invalidate.ts): the event's tags cleared at once, the post it
// names read again (the blog's source listens: lib/blog/index.ts). A local like, comment or moderation goes through
// it with the event Wix would send, in process: no token is signed, no request is made to the site's own webhook.

const refresh = vi.fn();
vi.mock('@/lib/blog/local', () => ({ createLocalSource: () => ({ refresh }) }));
const { invalidate } = await import('@/lib/core/cache/invalidate');
// The site's source, made once per process, listens from then on.
(await import('@/lib/blog')).blogSource();
const likes = await import('@/lib/likes/announce');
const comments = await import('@/lib/comments/announce');

const cleared = () => vi.mocked(revalidateTag).mock.calls;
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  refresh.mockClear();
});

const comment = {
  id: 'c-1',
  postId: 'p-1',
  parentId: null,
  author: { memberId: 'm-1', name: 'Ada' },
  text: 'Hi',
  status: 'PUBLISHED' as const,
  createdDate: '2026-11-24T00:00:00.000Z',
  updatedDate: '2026-11-24T00:00:00.000Z',
  edited: false,
};

describe('invalidate', () => {
  it('clears a post event’s tags and refreshes that post', () => {
    expect(invalidate({ type: 'wix.blog.v3.post_updated', entityId: 'p-1', language: 'es' })).toEqual([
      ...['posts', 'posts:es', 'post:p-1', 'stats'],
      ...['categories', 'categories:es', 'tags', 'tags:es'],
    ]);
    expect(refresh).toHaveBeenCalledWith({ postId: 'p-1' });
    expect(cleared()).toContainEqual(['post:p-1', { expire: 0 }]);
  });

  it('refreshes a comment’s post and clears its thread and count; a category event refreshes everything', () => {
    invalidate({ type: 'wix.comments.v2.comment_updated', entityId: 'c-1', resourceId: 'p-1' });
    expect(refresh).toHaveBeenLastCalledWith({ postId: 'p-1' });
    invalidate({ type: 'wix.blog.v3.category_updated', entityId: 'cat-1' });
    expect(refresh).toHaveBeenLastCalledWith(undefined);
  });

  it('reads nothing again for a data item or a settings change (no post shows them from the source)', () => {
    invalidate({ type: 'wix.data.v2.data_item_updated', entityId: 's-1', resourceId: 'series', items: [] });
    invalidate({ type: 'site.comments.settings_changed', entityId: 'comment-settings' });
    expect(refresh).not.toHaveBeenCalled();
    expect(cleared()).toEqual([['comments', { expire: 0 }]]);
  });

  it('touches nothing for an event without tags', () => {
    // A draft event clears only the owner's draft views; every event type has tags today, so this is the rule.
    expect(invalidate({ type: 'wix.blog.v3.draft_updated', entityId: 'd-1' })).toEqual(['drafts', 'draft:d-1']);
  });
});

describe('the site’s own writes', () => {
  it('a local like or unlike clears the post’s metrics, in process', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await likes.announceLocally('liked', 'p-1', { kind: 'member', memberId: 'm-1', sessionToken: 's' });
    await likes.announceLocally('unliked', 'p-1', { kind: 'member', memberId: 'm-1', sessionToken: 's' });
    expect(cleared()).toEqual([
      ['metrics:p-1', { expire: 0 }],
      ['metrics:p-1', { expire: 0 }],
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a local comment’s change clears its post’s thread and count', async () => {
    for (const change of ['created', 'updated', 'deleted'] as const) await comments.announceLocally(change, comment);
    expect(cleared()).toEqual(
      Array.from({ length: 3 }, () => [
        ['comments:p-1', { expire: 0 }],
        ['metrics:p-1', { expire: 0 }],
      ]).flat(),
    );
    expect(refresh).toHaveBeenCalledWith({ postId: 'p-1' });
  });
});
