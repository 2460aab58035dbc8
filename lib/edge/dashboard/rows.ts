import './zod-browser';
import { z } from 'zod';
import type { Post } from '@/lib/blog/types';

// One line of the metrics table, the same whether it comes from a server read or from the JSON API
// (/api/posts and /api/posts/query answers are parsed with these schemas in the browser).

const count = z.number().int().nonnegative().catch(0);

const ApiPost = z.object({
  id: z.string(),
  title: z.string().catch(''),
  slug: z.string(),
  firstPublishedDate: z.string().optional().catch(undefined),
  pricingPlanIds: z.array(z.string()).optional().catch(undefined),
  metrics: z
    .object({
      views: count.default(0),
      likes: count.default(0),
      comments: count.default(0),
      averageRating: z.number().min(0).max(5).catch(0).default(0),
      totalRatings: count.default(0),
    })
    .partial()
    .optional()
    .catch(undefined),
});

export const MetricRow = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  published: z.string().nullable(),
  /** For members with a plan (issue 30): marked in the table. */
  paid: z.boolean().default(false),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  /** The average rating (0 when none) and how many rated. */
  rating: z.number().default(0),
  ratings: z.number().default(0),
});
export type MetricRow = z.infer<typeof MetricRow>;

export const toRow = (
  post:
    Pick<Post, 'id' | 'title' | 'slug' | 'firstPublishedDate' | 'metrics' | 'pricingPlanIds'> | z.infer<typeof ApiPost>,
): MetricRow => ({
  id: post.id,
  title: post.title,
  slug: post.slug,
  published: post.firstPublishedDate ?? null,
  paid: (post.pricingPlanIds?.length ?? 0) > 0,
  views: post.metrics?.views ?? 0,
  likes: post.metrics?.likes ?? 0,
  comments: post.metrics?.comments ?? 0,
  rating: post.metrics?.averageRating ?? 0,
  ratings: post.metrics?.totalRatings ?? 0,
});

export const PostsAnswer = z.object({ posts: z.array(ApiPost) }).transform((answer) => answer.posts.map(toRow));

export const TotalAnswer = z.object({ total: z.number().int().nonnegative() }).transform((answer) => answer.total);
