// What ratings answer: a post's average and count, and a rated post in the rating order.

export interface RatingSummary {
  /** The mean of the post's ratings, to one decimal; 0 when none. */
  average: number;
  count: number;
}

/** A rated post in the rating order (`ranked`). */
export interface RankedPost extends RatingSummary {
  postId: string;
}
