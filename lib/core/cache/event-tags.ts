import { cacheTags } from '@/lib/core/cache/tags';
import { LANGUAGES, isLanguage } from '@/lib/core/i18n/languages';

// Which cache tags each platform event clears (the table in docs/webhooks.md, "Events and tags"). One deliberate
// deviation: post_updated also clears `stats`, since an update can publish, unpublish or re-date a post.
// Draft events clear only the owner's draft views (the dashboard); public pages never show drafts.

/** What an event names: the entity, what it belongs to (a comment's post, a data item's collection), and for a data
 * service write the items it touched (before and after). */
export interface EventSubject {
  entityId: string;
  resourceId?: string;
  items?: readonly Record<string, unknown>[];
  /** The language of the post, category or tag, when the event carries the entity (Wix Multilingual's `language`). */
  language?: string;
}

/** The tags an event clears, from what it names. */
type TagRule = (subject: EventSubject) => string[];

/**
 * The languages an event touches: the one it names (one the site has no words for is shown in the main one, as
 * `languageOf` does), else every language.
 */
const touched = (language: string | undefined) =>
  language === undefined ? LANGUAGES : [isLanguage(language) ? language : LANGUAGES[0]];

/** A list's tags for an event: the all-language list's, and each touched language's. */
const listTags = (all: string, inLanguage: (language: string) => string, language: string | undefined) => [
  all,
  ...touched(language).map(inLanguage),
];

const postChanged: TagRule = ({ entityId: id, language }) => [
  ...listTags(cacheTags.posts, cacheTags.postsIn, language),
  cacheTags.post(id),
  cacheTags.stats,
  ...listTags(cacheTags.categories, cacheTags.categoriesIn, language),
  ...listTags(cacheTags.tags, cacheTags.tagsIn, language),
];
/** A post published or unpublished: also whether its language has posts at all. */
const postCameOrWent: TagRule = (subject) => [
  ...postChanged(subject),
  ...touched(subject.language).map(cacheTags.postsExistIn),
];
const postLikes: TagRule = ({ entityId: postId }) => [cacheTags.metrics(postId)];
const categoryChanged: TagRule = ({ entityId: id, language }) => [
  ...listTags(cacheTags.categories, cacheTags.categoriesIn, language),
  cacheTags.category(id),
  cacheTags.termTranslations,
];
const tagChanged: TagRule = ({ entityId: id, language }) => [
  ...listTags(cacheTags.tags, cacheTags.tagsIn, language),
  cacheTags.tag(id),
  cacheTags.termTranslations,
];
const draftChanged: TagRule = ({ entityId: id }) => [cacheTags.drafts, cacheTags.draft(id)];
/**
 * A comment written, edited, moderated or deleted: its post's thread and count. A deletion that does not carry the
 * comment (so names no post) clears every thread.
 */
const commentChanged: TagRule = ({ resourceId: postId }) =>
  postId ? [cacheTags.commentsOf(postId), cacheTags.metrics(postId)] : [cacheTags.comments];
/** A member's profile (a writer's byline, page, JSON-LD and feed line); `authors`: a slug taken or freed. */
const memberChanged: TagRule = ({ entityId: id }) => [cacheTags.authors, cacheTags.author(id)];
/**
 * An item of a data collection written: a series shows on the pages of the posts it holds, so a change to one clears
 * the posts it held and the posts it holds (one that joined, one that left, and the others, whose part numbers and
 * titles moved). Without the items (a truncated collection, or Wix's event, which names the item only), every series.
 * Other collections show on no public page.
 */
const dataItemChanged: TagRule = ({ resourceId: collectionId, items }) => {
  if (collectionId !== undefined && collectionId !== SERIES_COLLECTION) return [];
  if (!items) return [cacheTags.series];
  return [...new Set(items.flatMap(seriesPostIds))].map(cacheTags.seriesOf);
};

/** The collection that holds the series (lib/data/collections.ts declares it). */
export const SERIES_COLLECTION = 'series';

/** The post ids a series item lists, each once, in their order. */
export function seriesPostIds(item: Record<string, unknown>): string[] {
  const posts = item.posts;
  if (!Array.isArray(posts)) return [];
  return [...new Set(posts.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

const plansChanged: TagRule = () => [cacheTags.plans];

export const EVENT_TAGS = {
  'wix.blog.v3.post_created': postCameOrWent,
  'wix.blog.v3.post_updated': postChanged,
  'wix.blog.v3.post_deleted': postCameOrWent,
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
  // Wix Data's item events (@wix/data: onDataItemCreated, onDataItemUpdated, onDataItemDeleted); the site's own data
  // service names its writes the same way.
  'wix.data.v2.data_item_created': dataItemChanged,
  'wix.data.v2.data_item_updated': dataItemChanged,
  'wix.data.v2.data_item_deleted': dataItemChanged,
  // Wix Pricing Plans' plan events (@wix/pricing-plans `plans`: onPlanCreated, onPlanUpdated, onPlanArchived): the
  // paywall boxes that name plans. A member's orders are asked per request, so order events clear nothing.
  'wix.pricing_plans.plan_created': plansChanged,
  'wix.pricing_plans.plan_updated': plansChanged,
  'wix.pricing_plans.plan_plan_archived': plansChanged,
} as const satisfies Record<string, TagRule>;

/**
 * Changes no platform sends, made on the site only (the webhook refuses these types): they clear their tags through
 * the same door.
 */
export const SITE_EVENT_TAGS = {
  /** Who may comment, what waits for approval: every thread's form and notice. */
  'site.comments.settings_changed': () => [cacheTags.comments],
  /** The owner asked the site to look again at the collections it has (after `npm run blog -- wix setup`). */
  'site.setup.checked': () => [cacheTags.siteSetup],
  /** The owner defined, changed or removed one of the site's own plans: every paywall box. */
  'site.plans.changed': () => [cacheTags.plans],
  /** A reader (a member, or a visitor where visitors may rate) rated a post: its average and count (its metrics). */
  'site.ratings.changed': ({ entityId }) => [cacheTags.metrics(entityId)],
  /** The owner let visitors rate posts, or made it members only again: every post's rating form. */
  'site.ratings.settings_changed': () => [cacheTags.ratingSettings],
  /** The owner saved the site's settings (name, colours, menus, images): every page's document. */
  'site.settings.changed': () => [cacheTags.siteSettings],
  /** The owner closed one of a post's polls, or opened it again: the post's page (its poll's form). */
  'site.polls.changed': ({ entityId }) => [cacheTags.pollsOf(entityId)],
} as const satisfies Record<string, TagRule>;

export type SiteEventType = keyof typeof SITE_EVENT_TAGS;

export type BlogEventType = keyof typeof EVENT_TAGS;

export const BLOG_EVENT_TYPES = Object.keys(EVENT_TAGS) as BlogEventType[];

export const isBlogEventType = (eventType: string): eventType is BlogEventType => Object.hasOwn(EVENT_TAGS, eventType);

export const tagsForEvent = (eventType: BlogEventType | SiteEventType, subject: EventSubject): string[] =>
  (Object.hasOwn(EVENT_TAGS, eventType)
    ? EVENT_TAGS[eventType as BlogEventType]
    : SITE_EVENT_TAGS[eventType as SiteEventType])(subject);

/** Events about a comment: the post it is on is their `resourceId`. */
export const isCommentEvent = (eventType: string): boolean => eventType.startsWith('wix.comments.');

/** Events about one post or draft (its entity id is the post's id): a source may refresh just that post. */
export const isPostEvent = (eventType: string): boolean => /\.(post|draft)_/.test(eventType);
