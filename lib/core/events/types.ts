import type { BlogEventType, SiteEventType } from '@/lib/core/cache/event-tags';

// The site's domain events, one discriminated union on `type`. A type is spelled as the platform names it (Wix's
// webhook event types: what Wix sends for its own writes and the site sends for its own, so one event means one
// thing whoever wrote), or `site.*` for what only the site changes (the webhook refuses those). Each event names its
// entity (`entityId`) and what it belongs to (`resourceId`: a comment's post, a data item's collection). Who hears
// each one, in which order: registry.ts; how it is sent: bus.ts `publish`.

/** Where a blog event came from, when the blog source itself found the change. */
interface Found {
  /**
   * The local source found the change in its content folder (lib/blog/local/watch.ts) and has read it: the blog source
   * has nothing to read again.
   */
  fromFolder?: true;
}

/** The language of a post, category or tag, when the event carries the entity (Wix Multilingual's `language`). */
interface InLanguage extends Found {
  language?: string;
}

/** PostPublished: a post went live (Wix sends post_created on publication; a scheduled post at its time). */
export interface PostPublished extends InLanguage {
  type: 'wix.blog.v3.post_created';
  entityId: string;
}
/** PostUpdated: a live post edited (re-dated, unpublished in place, its terms changed). */
export interface PostUpdated extends InLanguage {
  type: 'wix.blog.v3.post_updated';
  entityId: string;
}
/** PostDeleted: a post unpublished or deleted. */
export interface PostDeleted extends InLanguage {
  type: 'wix.blog.v3.post_deleted';
  entityId: string;
}
/** PostLiked: a like or unlike of the post `entityId`. */
export interface PostLiked extends Found {
  type: 'wix.blog.v3.post_liked' | 'wix.blog.v3.post_unliked';
  entityId: string;
}
export interface CategoryChanged extends InLanguage {
  type: 'wix.blog.v3.category_created' | 'wix.blog.v3.category_updated' | 'wix.blog.v3.category_deleted';
  entityId: string;
}
export interface TagChanged extends InLanguage {
  type: 'wix.blog.v3.tag_created' | 'wix.blog.v3.tag_updated' | 'wix.blog.v3.tag_deleted';
  entityId: string;
}
/** DraftChanged: a draft written, edited (scheduled, unscheduled) or deleted; `entityId` is its post's id. */
export interface DraftChanged extends Found {
  type: 'wix.blog.v3.draft_created' | 'wix.blog.v3.draft_updated' | 'wix.blog.v3.draft_deleted';
  entityId: string;
}
/** CommentPosted: a comment written; `entityId` the comment, `resourceId` its post (absent: Wix did not say). */
export interface CommentPosted {
  type: 'wix.comments.v2.comment_created';
  entityId: string;
  resourceId?: string;
}
/** CommentChanged: a comment edited, approved, hidden, deleted, or its post's count moved (Wix's moderation). */
export interface CommentChanged {
  type:
    | 'wix.comments.v2.comment_updated'
    | 'wix.comments.v2.comment_deleted'
    | 'wix.comments.v2.comment_comment_published'
    | 'wix.comments.v2.comment_comment_hidden'
    | 'wix.comments.v2.comment_comment_content_changed'
    | 'wix.comments.v2.comment_resource_comment_count_changed';
  entityId: string;
  resourceId?: string;
}
/** MemberChanged: a member's public profile (a writer's byline). */
export interface MemberChanged {
  type: 'wix.members.v1.member_created' | 'wix.members.v1.member_updated' | 'wix.members.v1.member_deleted';
  entityId: string;
}
/** DataItemChanged: an item of a data collection written; the site's data service names the items before and after. */
export interface DataItemChanged {
  type: 'wix.data.v2.data_item_created' | 'wix.data.v2.data_item_updated' | 'wix.data.v2.data_item_deleted';
  entityId: string;
  resourceId?: string;
  items?: readonly Record<string, unknown>[];
}
/** PlanChanged: one of Wix's pricing plans created, edited or archived. */
export interface PlanChanged {
  type: 'wix.pricing_plans.plan_created' | 'wix.pricing_plans.plan_updated' | 'wix.pricing_plans.plan_plan_archived';
  entityId: string;
}
/** The owner's settings and the site's own records, which no platform sends (`site.*`). */
export interface SiteChanged {
  type:
    | 'site.comments.settings_changed'
    | 'site.setup.checked'
    | 'site.plans.changed'
    | 'site.ratings.settings_changed'
    | 'site.settings.changed';
  entityId: string;
}
/** PostRated: a reader rated the post `entityId`. */
export interface PostRated {
  type: 'site.ratings.changed';
  entityId: string;
}
/** PollChanged: the owner closed or opened one of the post `entityId`'s polls. */
export interface PollChanged {
  type: 'site.polls.changed';
  entityId: string;
}

export type DomainEvent =
  | PostPublished
  | PostUpdated
  | PostDeleted
  | PostLiked
  | CategoryChanged
  | TagChanged
  | DraftChanged
  | CommentPosted
  | CommentChanged
  | MemberChanged
  | DataItemChanged
  | PlanChanged
  | SiteChanged
  | PostRated
  | PollChanged;

export type EventType = DomainEvent['type'];

/** The event of one type. */
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

// Every type event-tags.ts clears tags for is an event here, and no other: a new platform event is added to both.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyTypeIsAnEvent: Same<EventType, BlogEventType | SiteEventType> = true;
void everyTypeIsAnEvent;
