// Wix files a blog post's comments under the post's referenceId, not its id: @wix/headless-blog lists and writes them
// with `contextId: post.referenceId, resourceId: post.referenceId`, and the Comments API's events name that id as the
// comment's resourceId. The post's id is what the site knows (its pages, cache tags, the dashboard), so the Wix
// comments are asked and written by reference id and answered by post id: this is the map, one per process, learnt
// from the Blog (fieldset REFERENCE_ID) the first time a post's comments are read or written. A post's referenceId
// never changes; a post the Blog gives none keeps its own id.

export interface ReferenceIds {
  /** The id Wix files the post's comments under. */
  of(postId: string): Promise<string>;
  /** The post a Comments API resource id names, when the map has seen it (else the resource id itself). */
  postOf(resourceId: string): string;
}

/** The most posts the map remembers (the oldest go first; a forgotten one is asked again). */
const MAX_POSTS = 10_000;

export function referenceIds(lookup: (postId: string) => Promise<string | null | undefined>): ReferenceIds {
  const byPost = new Map<string, string>();
  const byReference = new Map<string, string>();
  return {
    async of(postId) {
      const known = byPost.get(postId);
      if (known) return known;
      const reference = (await lookup(postId)) || postId;
      byPost.set(postId, reference);
      byReference.set(reference, postId);
      if (byPost.size > MAX_POSTS) {
        const [oldest, itsReference] = byPost.entries().next().value!;
        byPost.delete(oldest);
        byReference.delete(itsReference);
      }
      return reference;
    },
    postOf: (resourceId) => byReference.get(resourceId) ?? resourceId,
  };
}
