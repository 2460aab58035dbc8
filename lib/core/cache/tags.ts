// The one place cache tags are spelled: the cached reads tag with these, and the webhook and the data service's change
// hook clear them. Pure and in the base layer, so every layer that caches or clears can import it.

export const cacheTags = {
  /**
   * Post lists. A read for one language (every public page's: the feed, a category, the sitemap) carries
   * `posts:{language}`, one for all languages (the JSON API without `language`, search) carries `posts`: an event
   * about a post in one language clears its language's lists and the all-language ones, never another language's.
   */
  posts: 'posts',
  postsIn: (language: string) => `posts:${language}`,
  /**
   * Whether a language has published posts (the feed's and writers' pages link their translation where it has):
   * cleared only when a post comes or goes (created, deleted: publishing and unpublishing send those), so an edit
   * in one language leaves the other's pages cached.
   */
  postsExistIn: (language: string) => `posts-exist:${language}`,
  post: (id: string) => `post:${id}`,
  categories: 'categories',
  categoriesIn: (language: string) => `categories:${language}`,
  category: (id: string) => `category:${id}`,
  tags: 'tags',
  tagsIn: (language: string) => `tags:${language}`,
  /**
   * The translations of a category or tag (the terms sharing its translationId), as a page links them: cleared by
   * category and tag events only, so a post's event in one language leaves the other language's term pages cached.
   */
  termTranslations: 'term-translations',
  tag: (id: string) => `tag:${id}`,
  metrics: (postId: string) => `metrics:${postId}`,
  /** Every post's comment thread; `comments:{postId}` one post's. */
  comments: 'comments',
  commentsOf: (postId: string) => `comments:${postId}`,
  stats: 'stats',
  /** The owner's draft list; `draft:{id}` one draft's preview. Cleared by draft events. */
  drafts: 'drafts',
  draft: (id: string) => `draft:${id}`,
  /** Every series read (cleared when the collection is truncated); `series-of:{postId}` the series a post is in. */
  series: 'series',
  seriesOf: (postId: string) => `series-of:${postId}`,
  /** `author:{memberId}` a writer's profile (their byline, page, JSON-LD, feed line); `authors` a slug no one had. */
  authors: 'authors',
  /** Which of the site's collections the platform lacks (a bare Wix site), and every part of a page that asks. */
  siteSetup: 'site-setup',
  author: (memberId: string) => `author:${memberId}`,
  /** Which of a post's polls the owner closed, as its page shows them. */
  pollsOf: (postId: string) => `polls:${postId}`,
  /** The site's pricing plans as the paywall box names them (the owner's edits, Wix's plan events clear it). */
  plans: 'plans',
  /** Who may rate posts (members, or visitors too), as every post's rating form says it. */
  ratingSettings: 'rating-settings',
  /** The site's settings (its name, colours, menus): every page's document. */
  siteSettings: 'site-settings',
} as const;
