import type { DomainEvent, EventType } from './types';

// The one list of who hears which event, in order. A write publishes its event (bus.ts `publish`); the bus runs this
// row's subscribers one after another, in the order written, each at most once. A subscriber is a feature's work,
// attached by the feature when it starts (`subscribe(name, handler)` in the file named below); one not attached in
// this process (the blog source before its first use, the mail workers before the server's start) is skipped.
//
// The order is the house's: first what keeps state in memory that pages render from (the blog source), then the
// pages' cache (whose next render reads that state), then the work that follows the change (mail, planning), which
// reads the platform as it now is.

export const SUBSCRIBERS = {
  /** lib/blog/index.ts: the blog source reads again the post the event names (or all of it). */
  'blog-source': 'the blog source reads the post again',
  /** lib/core/cache/clear.ts (built in): the event's cache tags (event-tags.ts), on every instance with Redis. */
  cache: 'the cache tags are cleared',
  /** lib/comments/index.ts (startCommentMail): a reply's notice job on the site's queue, where its post is watched. */
  'reply-mail': 'the reply notices are queued',
  /** lib/newsletter/index.ts (startNewsletter): a post's first publication makes one send. */
  'newsletter-first-send': "the newsletter's first send",
  /** lib/fediverse/index.ts (startFediverse): a post's publication, edit or removal sent to the blog's followers. */
  'fediverse-delivery': "the post is sent to the blog's fediverse followers",
  /** lib/schedule/index.ts (startScheduling): a draft's publication job at its scheduled time. */
  'schedule-planning': "the draft's publication is planned",
} as const;

export type SubscriberName = keyof typeof SUBSCRIBERS;

/** The order every row keeps. */
export const ORDER = Object.keys(SUBSCRIBERS) as SubscriberName[];

const post = ['blog-source', 'cache'] as const;
const removed = ['blog-source', 'cache', 'fediverse-delivery'] as const;
const comment = ['blog-source', 'cache'] as const;
const reply = ['blog-source', 'cache', 'reply-mail'] as const;
const firstSend = ['blog-source', 'cache', 'newsletter-first-send', 'fediverse-delivery'] as const;
const draft = ['blog-source', 'cache', 'schedule-planning'] as const;
/** A category, tag, member or plan: the blog source reads everything again (it names no post). */
const whole = ['blog-source', 'cache'] as const;
/** Data items and the site's own settings: nothing the blog source holds. */
const cacheOnly = ['cache'] as const;

export const EVENT_SUBSCRIBERS = {
  // Posts: PostPublished, PostUpdated, PostDeleted, PostLiked.
  'wix.blog.v3.post_created': firstSend,
  'wix.blog.v3.post_updated': firstSend,
  'wix.blog.v3.post_deleted': removed,
  'wix.blog.v3.post_liked': post,
  'wix.blog.v3.post_unliked': post,
  // Categories and tags.
  'wix.blog.v3.category_created': whole,
  'wix.blog.v3.category_updated': whole,
  'wix.blog.v3.category_deleted': whole,
  'wix.blog.v3.tag_created': whole,
  'wix.blog.v3.tag_updated': whole,
  'wix.blog.v3.tag_deleted': whole,
  // Drafts: DraftChanged.
  'wix.blog.v3.draft_created': draft,
  'wix.blog.v3.draft_updated': draft,
  'wix.blog.v3.draft_deleted': draft,
  // Comments: CommentPosted, CommentChanged (a reply made visible: written published, approved, brought back).
  'wix.comments.v2.comment_created': reply,
  'wix.comments.v2.comment_updated': reply,
  'wix.comments.v2.comment_comment_published': reply,
  'wix.comments.v2.comment_deleted': comment,
  'wix.comments.v2.comment_comment_hidden': comment,
  'wix.comments.v2.comment_comment_content_changed': comment,
  'wix.comments.v2.comment_resource_comment_count_changed': comment,
  // Members: MemberChanged.
  'wix.members.v1.member_created': whole,
  'wix.members.v1.member_updated': whole,
  'wix.members.v1.member_deleted': whole,
  // Data items: DataItemChanged.
  'wix.data.v2.data_item_created': cacheOnly,
  'wix.data.v2.data_item_updated': cacheOnly,
  'wix.data.v2.data_item_deleted': cacheOnly,
  // Wix's pricing plans: PlanChanged.
  'wix.pricing_plans.plan_created': whole,
  'wix.pricing_plans.plan_updated': whole,
  'wix.pricing_plans.plan_plan_archived': whole,
  // The site's own: settings, setup, plans, ratings (PostRated), polls (PollChanged).
  'site.comments.settings_changed': cacheOnly,
  'site.setup.checked': cacheOnly,
  'site.plans.changed': cacheOnly,
  'site.ratings.changed': cacheOnly,
  'site.ratings.settings_changed': cacheOnly,
  'site.settings.changed': cacheOnly,
  'site.polls.changed': cacheOnly,
} as const satisfies { [T in EventType]: readonly SubscriberName[] };

/** The event types a subscriber hears. */
export type TypesHeardBy<S extends SubscriberName> = {
  [T in EventType]: S extends (typeof EVENT_SUBSCRIBERS)[T][number] ? T : never;
}[EventType];

/** The events a subscriber's handler is given. */
export type EventFor<S extends SubscriberName> = DomainEvent & { type: TypesHeardBy<S> };

/** Who hears an event of this type, in order. */
export const subscribersOf = (type: EventType): readonly SubscriberName[] => EVENT_SUBSCRIBERS[type] ?? [];
