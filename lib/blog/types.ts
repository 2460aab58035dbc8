import { z } from 'zod';

// Schemas for what a source hands us. Upstream may add fields or enum values at any time: unknown keys
// are dropped and unknown enum values fall back to UNKNOWN, so a new platform field never breaks a page.

const lenientEnum = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values).catch(fallback);

const isoDate = z.iso.datetime({ offset: true }).optional().catch(undefined);
const optionalDate = z.iso.datetime({ offset: true }).nullish().catch(null);

export const POST_STATUSES = [
  'UNKNOWN',
  'PUBLISHED',
  'UNPUBLISHED',
  'SCHEDULED',
  'DELETED',
  'IN_MODERATION',
  'IN_REVIEW',
] as const;
export const MODERATION_STATUSES = ['UNKNOWN', 'APPROVED', 'REJECTED'] as const;
export const POST_SORTS = [
  'FEED',
  'PUBLISHED_DATE_ASC',
  'PUBLISHED_DATE_DESC',
  'VIEW_COUNT',
  'LIKE_COUNT',
  'TITLE_ASC',
  'TITLE_DESC',
] as const;
export const POST_FIELDSETS = [
  'URL',
  'CONTENT_TEXT',
  'METRICS',
  'SEO',
  'CONTACT_ID',
  'RICH_CONTENT',
  'REFERENCE_ID',
] as const;
export const METRIC_FIELDS = ['TOTAL_COMMENTS', 'LIKE_COUNT', 'VIEW_COUNT', 'RATING_COUNT'] as const;
export const STATS_ORDERS = ['OLDEST', 'NEWEST'] as const;

export const PostStatus = lenientEnum(POST_STATUSES, 'UNKNOWN');
export const ModerationStatus = lenientEnum(MODERATION_STATUSES, 'UNKNOWN');
export const PostSort = z.enum(POST_SORTS);
export const PostFieldset = z.enum(POST_FIELDSETS);
export const MetricField = z.enum(METRIC_FIELDS);
export const StatsOrder = z.enum(STATS_ORDERS);

export type PostStatus = z.infer<typeof PostStatus>;
export type PostSort = z.infer<typeof PostSort>;
export type PostFieldset = z.infer<typeof PostFieldset>;
export type MetricField = z.infer<typeof MetricField>;
export type StatsOrder = z.infer<typeof StatsOrder>;

const strings = z.array(z.string()).catch([]);

export const PageUrl = z.object({ base: z.string().catch(''), path: z.string().catch('') });
export type PageUrl = z.infer<typeof PageUrl>;

export const Image = z.object({
  id: z.string(),
  url: z.string().optional().catch(undefined),
  width: z.number().int().nonnegative().optional().catch(undefined),
  height: z.number().int().nonnegative().optional().catch(undefined),
  altText: z.string().nullish().catch(null),
  filename: z.string().nullish().catch(null),
});
export type Image = z.infer<typeof Image>;

export const Video = z.object({
  id: z.string(),
  url: z.string().optional().catch(undefined),
  thumbnail: Image.optional().catch(undefined),
  width: z.number().optional().catch(undefined),
  height: z.number().optional().catch(undefined),
  duration: z.number().optional().catch(undefined),
});
export type Video = z.infer<typeof Video>;

export const Media = z.object({
  wixMedia: z
    .object({ image: Image.optional().catch(undefined), videoV2: Video.optional().catch(undefined) })
    .optional()
    .catch(undefined),
  embedMedia: z
    .object({
      thumbnail: z
        .object({ url: z.string(), width: z.number().optional(), height: z.number().optional() })
        .partial()
        .optional()
        .catch(undefined),
      video: z
        .object({ url: z.string(), width: z.number().optional(), height: z.number().optional() })
        .partial()
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  displayed: z.boolean().optional().catch(undefined),
  custom: z.boolean().optional().catch(undefined),
  altText: z.string().nullish().catch(null),
});
export type Media = z.infer<typeof Media>;

export const CoverMedia = z.object({
  image: Image.optional().catch(undefined),
  video: Video.optional().catch(undefined),
  enabled: z.boolean().optional().catch(undefined),
  displayed: z.boolean().optional().catch(undefined),
  custom: z.boolean().optional().catch(undefined),
  altText: z.string().nullish().catch(null),
});
export type CoverMedia = z.infer<typeof CoverMedia>;

export const SeoData = z.object({
  tags: z
    .array(
      z.object({
        type: z.string().catch('meta'),
        props: z.record(z.string(), z.unknown()).nullish().catch(null),
        meta: z.record(z.string(), z.unknown()).nullish().catch(null),
        children: z.string().nullish().catch(null),
        custom: z.boolean().optional().catch(undefined),
        disabled: z.boolean().optional().catch(undefined),
      }),
    )
    .catch([]),
  settings: z
    .object({
      preventAutoRedirect: z.boolean().optional().catch(undefined),
      keywords: z
        .array(z.object({ term: z.string(), isMain: z.boolean().optional(), origin: z.string().nullish() }))
        .catch([]),
    })
    .partial()
    .optional()
    .catch(undefined),
});
export type SeoData = z.infer<typeof SeoData>;

/** A Ricos node as stored; the renderer narrows each node itself, so one malformed node never fails a post. */
export const RichNode = z.looseObject({
  type: z.string(),
  id: z.string().optional(),
  nodes: z.array(z.unknown()).optional(),
});
export type RichNode = z.infer<typeof RichNode> & Record<string, unknown>;

export const RichContent = z.object({
  nodes: z.array(z.unknown()).catch([]) as unknown as z.ZodType<RichNode[]>,
  metadata: z
    .object({
      version: z.number().optional().catch(undefined),
      createdTimestamp: optionalDate,
      updatedTimestamp: optionalDate,
      id: z.string().nullish().catch(null),
    })
    .optional()
    .catch(undefined),
  documentStyle: z.record(z.string(), z.unknown()).optional().catch(undefined),
});
export type RichContent = z.infer<typeof RichContent>;

export const ModerationDetails = z.object({
  submittedBy: z.string().optional().catch(undefined),
  submittedDate: optionalDate,
  status: ModerationStatus.optional(),
  moderatedBy: z.string().nullish().catch(null),
  moderationDate: optionalDate,
});
export type ModerationDetails = z.infer<typeof ModerationDetails>;

const count = z.number().int().nonnegative().catch(0);

export const PostMetrics = z.object({
  views: count.default(0),
  likes: count.default(0),
  comments: count.default(0),
  averageRating: z.number().min(0).max(5).optional().catch(undefined),
  totalRatings: z.number().int().nonnegative().optional().catch(undefined),
});
export type PostMetrics = z.infer<typeof PostMetrics>;

export const Translation = z.object({
  id: z.string(),
  language: z.string().nullish().catch(null),
  slug: z.string().optional().catch(undefined),
  url: PageUrl.optional().catch(undefined),
});
export type Translation = z.infer<typeof Translation>;

export const Post = z.object({
  id: z.string().min(1),
  title: z.string().catch(''),
  excerpt: z.string().catch('').default(''),
  slug: z.string().min(1),
  status: PostStatus.default('PUBLISHED'),
  firstPublishedDate: isoDate,
  lastPublishedDate: isoDate,
  featured: z.boolean().catch(false).default(false),
  pinned: z.boolean().catch(false).default(false),
  categoryIds: strings.default([]),
  tagIds: strings.default([]),
  hashtags: strings.default([]),
  relatedPostIds: strings.default([]),
  pricingPlanIds: strings.default([]),
  memberId: z.string().optional().catch(undefined),
  contactId: z.string().nullish().catch(null),
  /** The id Wix files the post's comments under (fieldset REFERENCE_ID; @wix/auto_sdk_blog_posts: Post.referenceId). */
  referenceId: z.string().max(24).nullish().catch(null),
  commentingEnabled: z.boolean().catch(true).default(true),
  minutesToRead: z.number().int().nonnegative().catch(0).default(0),
  language: z.string().nullish().catch(null),
  translationId: z.string().nullish().catch(null),
  translations: z.array(Translation).optional().catch(undefined),
  url: PageUrl.optional().catch(undefined),
  heroImage: Image.optional().catch(undefined),
  media: Media.optional().catch(undefined),
  coverMedia: CoverMedia.optional().catch(undefined),
  contentText: z.string().nullish().catch(null),
  richContent: RichContent.optional().catch(undefined),
  /** Base64 of the gzipped rich content; sources that send it also send `richContent`. */
  richContentCompressed: z.string().nullish().catch(null),
  seoData: SeoData.optional().catch(undefined),
  moderationDetails: ModerationDetails.optional().catch(undefined),
  metrics: PostMetrics.optional().catch(undefined),
  preview: z.boolean().optional().catch(undefined),
  /** A paid post's paywall (a local content field): the top-level blocks everyone reads (lib/blog/paywall.ts). */
  previewBlocks: z.number().int().nonnegative().optional().catch(undefined),
  hasUnpublishedChanges: z.boolean().optional().catch(undefined),
});
export type Post = z.infer<typeof Post>;

export const Category = z.object({
  id: z.string().min(1),
  label: z.string().catch(''),
  slug: z.string().min(1),
  title: z.string().optional().catch(undefined),
  description: z.string().nullish().catch(null),
  postCount: count.default(0),
  url: PageUrl.optional().catch(undefined),
  displayPosition: z.number().nullish().catch(null),
  language: z.string().nullish().catch(null),
  translationId: z.string().nullish().catch(null),
  translations: z.array(Translation).optional().catch(undefined),
  coverImage: Image.optional().catch(undefined),
  seoData: SeoData.optional().catch(undefined),
  createdDate: optionalDate,
  updatedDate: optionalDate,
});
export type Category = z.infer<typeof Category>;

export const Tag = z.object({
  id: z.string().min(1),
  label: z.string().catch(''),
  slug: z.string().min(1),
  language: z.string().nullish().catch(null),
  translationId: z.string().nullish().catch(null),
  postCount: count.default(0),
  publishedPostCount: count.default(0),
  url: PageUrl.optional().catch(undefined),
  createdDate: optionalDate,
  updatedDate: optionalDate,
});
export type Tag = z.infer<typeof Tag>;

export const Draft = Post.extend({
  editedDate: optionalDate,
  scheduledPublishDate: optionalDate,
  createdDate: optionalDate,
});
export type Draft = z.infer<typeof Draft>;

/** A draft scheduled to go live (lib/blog/schedule.ts). */
export interface ScheduledDraft {
  id: string;
  title: string;
  /** ISO 8601: when it goes live. */
  at: string;
}

export const PostCountStat = z.object({ periodStart: z.string(), postCount: count });
export type PostCountStat = z.infer<typeof PostCountStat>;

export interface OffsetPage<T> {
  items: T[];
  offset: number;
  limit: number;
  total: number;
}

export interface CursorPage<T> {
  items: T[];
  cursors: { next: string | null; prev: string | null };
  hasNext: boolean;
}
