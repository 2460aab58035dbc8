import type { BlogSource } from './source';

// Several instances share their cache invalidations through Redis (lib/core/cache/redis-shared.mjs): an event received
// by one instance clears its tags on every instance. The instance that received it also refreshed its blog source (the
// posts it keeps in memory, handle.ts); the others do the same here when they hear the tags, so a page they render
// next reads the post as it is now. Without REDIS_URL nothing calls this.

const HOOK = Symbol.for('wix-blog.remote-tags');

/** The posts a set of cleared tags names (`post:{id}`, `metrics:{id}`), or null when it names the posts at large. */
export function postsOfTags(tags: readonly string[]): string[] | null {
  const ids = tags.flatMap((tag) => /^(?:post|metrics):(.+)$/.exec(tag)?.[1] ?? []);
  if (ids.length) return [...new Set(ids)];
  return tags.some((tag) => tag === 'posts' || tag === 'categories' || tag === 'tags') ? null : [];
}

/**
 * Called once at server start (through lib/blog's `refreshOnRemoteTags`, with its source): from then on, another
 * instance's invalidation refreshes ours.
 */
export function refreshSourceOnRemoteTags(source: () => Pick<BlogSource, 'refresh'>): void {
  (globalThis as unknown as Record<symbol, (tags: string[]) => void>)[HOOK] = (tags) => {
    const posts = postsOfTags(tags);
    if (posts === null) source().refresh();
    else for (const postId of posts) source().refresh({ postId });
  };
}
