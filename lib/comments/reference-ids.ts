// Wix files a blog post's comments under the post's referenceId, not its id: @wix/headless-blog lists and writes them
// with `contextId: post.referenceId, resourceId: post.referenceId`, and the Comments API's events name that id as the
// comment's resourceId. The post's id is what the site knows (its pages, cache tags, the dashboard, reply watches), so
// the Wix comments are asked and written by reference id and answered by post id: this is the map, one per process,
// learnt from the Blog (fieldset REFERENCE_ID). A post's referenceId never changes; a post the Blog gives none keeps
// its own id.
//
// Both ways are asked. Post → reference: the post itself (one call, the first time its comments are read or written).
// Reference → post: a comment read by id, the moderation queue, or a comment event, possibly in a process that has
// read no thread yet (a restart). The Blog cannot be asked for a post by its referenceId (it is not among the fields
// `queryPosts` filters on: @wix/auto_sdk_blog_posts PostQuerySpec), so a reference the map does not know makes it read
// every post's referenceId, a page at a time, at most once per `RESCAN_MS`.

export interface ReferenceIds {
  /** The id Wix files the post's comments under. */
  of(postId: string): Promise<string>;
  /** The post a Comments API resource id names (the resource id itself when no post has it as its referenceId). */
  postOf(resourceId: string): Promise<string>;
}

/** Every post's id and referenceId, as the Blog lists them. */
export type ReferenceScan = () => AsyncIterable<{ id: string; referenceId?: string | null }>;

/** The most posts the map remembers (the oldest go first; a forgotten one is asked again). */
const MAX_POSTS = 10_000;
/** A reference no scan found is looked for again, by a new scan, this long after the last. */
export const RESCAN_MS = 10 * 60_000;

export function referenceIds(
  lookup: (postId: string) => Promise<string | null | undefined>,
  scan: ReferenceScan,
  now: () => number = Date.now,
): ReferenceIds {
  const byPost = new Map<string, string>();
  const byReference = new Map<string, string>();
  let scanned = Number.NEGATIVE_INFINITY;
  let scanning: Promise<void> | undefined;

  function learn(postId: string, reference: string) {
    byPost.delete(postId);
    byPost.set(postId, reference);
    byReference.set(reference, postId);
    if (byPost.size > MAX_POSTS) {
      const [oldest, itsReference] = byPost.entries().next().value!;
      byPost.delete(oldest);
      byReference.delete(itsReference);
    }
  }

  /** Reads every post's referenceId once; callers arriving meanwhile wait for the same scan. */
  function rescan(): Promise<void> {
    scanning ??= (async () => {
      try {
        for await (const post of scan()) learn(post.id, post.referenceId || post.id);
        scanned = now();
      } finally {
        scanning = undefined;
      }
    })();
    return scanning;
  }

  return {
    async of(postId) {
      const known = byPost.get(postId);
      if (known) return known;
      const reference = (await lookup(postId)) || postId;
      learn(postId, reference);
      return reference;
    },
    async postOf(resourceId) {
      const known = byReference.get(resourceId);
      if (known) return known;
      // A post id already (the site's own announcement of a change it made): nothing to look for.
      if (byPost.has(resourceId)) return resourceId;
      // A scan that fails (the Blog unavailable) leaves the id as it is, and the next miss tries again.
      if (scanning) await scanning.catch(() => {});
      else if (now() - scanned >= RESCAN_MS) await rescan().catch(() => {});
      return byReference.get(resourceId) ?? resourceId;
    },
  };
}
