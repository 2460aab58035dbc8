// A post's views as the site counts them: a reader's view, once it has passed the gate (gate.ts), is told to the
// blog's platform: Wix's viewPost, or the site's own records.

export interface PostViews {
  /** Counts one view of a published post (already deduplicated and filtered by the gate). */
  count(postId: string): Promise<void>;
}
