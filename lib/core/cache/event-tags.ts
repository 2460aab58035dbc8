import { cacheTags } from '@/lib/core/cache/tags';

// Which cache tags each platform event clears (the table in docs/webhooks.md, "Events and tags"). One deliberate
// deviation: post_updated also clears `stats`, since an update can publish, unpublish or re-date a post.
// Draft events clear only the owner's draft views (the dashboard); public pages never show drafts.

/** The tags an event clears, from the entity it names and what that entity belongs to (a comment's post). */
type TagRule = (entityId: string, resourceId?: string) => string[];

const postChanged: TagRule = (id) => [
  cacheTags.posts,
  cacheTags.post(id),
  cacheTags.stats,
  cacheTags.categories,
  cacheTags.tags,
];
const postLikes: TagRule = (postId) => [cacheTags.metrics(postId)];
const categoryChanged: TagRule = (id) => [cacheTags.categories, cacheTags.category(id)];
const tagChanged: TagRule = (id) => [cacheTags.tags, cacheTags.tag(id)];
const draftChanged: TagRule = (id) => [cacheTags.drafts, cacheTags.draft(id)];
/**
 * A comment written, edited, moderated or deleted: its post's thread and count. A deletion that does not carry the
 * comment (so names no post) clears every thread.
 */
const commentChanged: TagRule = (_id, postId) =>
  postId ? [cacheTags.commentsOf(postId), cacheTags.metrics(postId)] : [cacheTags.comments];
/** A member's profile (a writer's byline, page, JSON-LD and feed line); `authors`: a slug taken or freed. */
const memberChanged: TagRule = (id) => [cacheTags.authors, cacheTags.author(id)];

export const EVENT_TAGS = {
  'wix.blog.v3.post_created': postChanged,
  'wix.blog.v3.post_updated': postChanged,
  'wix.blog.v3.post_deleted': postChanged,
  'wix.blog.v3.post_liked': postLikes,
  'wix.blog.v3.post_unliked': postLikes,
  'wix.blog.v3.category_created': categoryChanged,
  'wix.blog.v3.category_updated': categoryChanged,
  'wix.blog.v3.category_deleted': categoryChanged,
  'wix.blog.v3.tag_created': tagChanged,
  'wix.blog.v3.tag_updated': tagChanged,
  'wix.blog.v3.tag_deleted': tagChanged,
  'wix.blog.v3.draft_created': draftChanged,
  'wix.blog.v3.draft_updated': draftChanged,
  'wix.blog.v3.draft_deleted': draftChanged,
  'wix.comments.v2.comment_created': commentChanged,
  'wix.comments.v2.comment_updated': commentChanged,
  'wix.comments.v2.comment_deleted': commentChanged,
  // Moderation in the Wix dashboard may send only these (@wix/auto_sdk_comments_comments: onCommentPublished,
  // onCommentHidden, onCommentContentChanged, onCommentResourceCommentCountChanged, with these @eventType values).
  'wix.comments.v2.comment_comment_published': commentChanged,
  'wix.comments.v2.comment_comment_hidden': commentChanged,
  'wix.comments.v2.comment_comment_content_changed': commentChanged,
  'wix.comments.v2.comment_resource_comment_count_changed': commentChanged,
  'wix.members.v1.member_created': memberChanged,
  'wix.members.v1.member_updated': memberChanged,
  'wix.members.v1.member_deleted': memberChanged,
} as const satisfies Record<string, TagRule>;

export type BlogEventType = keyof typeof EVENT_TAGS;

export const BLOG_EVENT_TYPES = Object.keys(EVENT_TAGS) as BlogEventType[];

export const isBlogEventType = (eventType: string): eventType is BlogEventType => Object.hasOwn(EVENT_TAGS, eventType);

export const tagsForEvent = (eventType: BlogEventType, entityId: string, resourceId?: string): string[] =>
  EVENT_TAGS[eventType](entityId, resourceId);

/** Events about a comment: the post it is on is their `resourceId`. */
export const isCommentEvent = (eventType: BlogEventType): boolean => eventType.startsWith('wix.comments.');

/** Events about one post or draft (its entity id is the post's id): a source may refresh just that post. */
export const isPostEvent = (eventType: BlogEventType): boolean => /\.(post|draft)_/.test(eventType);
