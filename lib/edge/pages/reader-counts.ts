import { keptCommentCounts } from '@/lib/comments';
import { keptLikeCounts } from '@/lib/likes';
import { keptViewCounts } from '@/lib/views';
import { ratingSummaries } from '@/lib/ratings';
import type { PostMetrics } from '@/lib/blog/types';

// Posts' metrics as readers see them on the post page: the platform's views, likes and comments plus those the site
// keeps (lib/views on the local platform, lib/likes, lib/comments: one grouped count each for a whole page of posts),
// and the ratings (lib/ratings: average and count, one grouped query).
// The JSON API and the dashboard answer these, so the owner's table and a client of the API agree with the page. (An
// order by likes or comments is still the platform's: the site's own are not in its index. The dashboard's "Most
// viewed" merges the two: top-posts.ts.)

type Counted = { id: string; metrics?: PostMetrics | null };

/** The posts, each one's metrics (when it carries them) with the likes and comments the site keeps added. */
export async function withReaderCounts<P extends Counted>(posts: P[]): Promise<P[]> {
  const ids = posts.filter((post) => post.metrics).map((post) => post.id);
  if (!ids.length) return posts;
  const [views, likes, comments, ratings] = await Promise.all([
    keptViewCounts(ids),
    keptLikeCounts(ids),
    keptCommentCounts(ids),
    ratingSummaries(ids),
  ]);
  return posts.map((post) =>
    post.metrics
      ? {
          ...post,
          metrics: {
            ...post.metrics,
            views: post.metrics.views + (views.get(post.id) ?? 0),
            likes: post.metrics.likes + (likes.get(post.id) ?? 0),
            comments: post.metrics.comments + (comments.get(post.id) ?? 0),
            // Ratings live in the site's records on both platforms (lib/ratings): the post page's figures.
            averageRating: ratings.get(post.id)?.average ?? 0,
            totalRatings: ratings.get(post.id)?.count ?? 0,
          },
        }
      : post,
  );
}

/** One post's metrics as readers see them. */
export async function readerMetrics(postId: string, metrics: PostMetrics): Promise<PostMetrics> {
  const [post] = await withReaderCounts([{ id: postId, metrics }]);
  return post!.metrics!;
}
