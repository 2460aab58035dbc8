// The cached reads everything goes through: the door of this folder, each read kept beside its kind (posts.ts,
// taxonomy.ts, authors.ts, drafts.ts, media.ts; what they share in tagging.ts). Each tags its entry with what it
// holds (lib/core/cache/tags.ts), so a webhook clears exactly what changed. Catalogue errors cross the cache as
// values (lib/core/reads.ts).

export {
  getPost,
  getPostBySlug,
  listPosts,
  queryPosts,
  searchPosts,
  searchHits,
  getPostMetrics,
  getPostCountStats,
  hasPosts,
  getTotalPosts,
  listPostRefs,
} from './posts';
export type { PostRef } from './posts';
export type { SearchHit, SnippetPart } from '../query/search';
export {
  getTermTranslations,
  listCategories,
  listTags,
  getCategoryBySlug,
  getCategory,
  getTagBySlug,
  getTag,
  movedTerm,
} from './taxonomy';
export { getAuthor, getAuthorBySlug } from './authors';
export { openMedia, listMediaImages, getMediaSize } from './media';
export { listDrafts, getDraft, getScheduledDrafts } from './drafts';
