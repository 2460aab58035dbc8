// The one place cache tags are spelled: the cached reads tag with these and the webhook clears them.

export const cacheTags = {
  posts: 'posts',
  post: (id: string) => `post:${id}`,
  categories: 'categories',
  category: (id: string) => `category:${id}`,
  tags: 'tags',
  tag: (id: string) => `tag:${id}`,
  metrics: (postId: string) => `metrics:${postId}`,
  stats: 'stats',
  /** The owner's draft list; `draft:{id}` one draft's preview. Cleared by draft events. */
  drafts: 'drafts',
  draft: (id: string) => `draft:${id}`,
} as const;
