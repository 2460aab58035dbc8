import type {
  Category,
  CursorPage,
  Draft,
  OffsetPage,
  Post,
  PostCountStat,
  PostFieldset,
  PostMetrics,
  PostSort,
  StatsOrder,
  Tag,
} from './types';
import type { Author } from './authors';
import type { FileStamp } from '../core/http/validators';
import type { SortSpec } from './query/sort';
import type { FolderChanges } from './local/store/types';

/** Options shared by every call that returns posts: which optional parts of a post to include. */
export interface FieldsetOptions {
  fieldsets?: PostFieldset[];
}

export interface GetPostBySlugOptions extends FieldsetOptions {
  language?: string;
}

export interface ListPostsOptions extends FieldsetOptions {
  featured?: boolean;
  hashtags?: string[];
  categoryIds?: string[];
  tagIds?: string[];
  memberId?: string;
  language?: string;
  sort?: PostSort;
  /** Offset paging; limit defaults to 50 and is at most 100. */
  paging?: { offset?: number; limit?: number };
}

/** A cursor query in the Wix REST spelling; `filter` is validated by `parseFilter`. */
export interface PostQuery {
  filter?: Record<string, unknown>;
  sort?: SortSpec[];
  cursorPaging?: { cursor?: string | null; limit?: number };
}

export interface PostCountStatsOptions {
  rangeStart?: string;
  rangeEnd?: string;
  order?: StatsOrder;
  months?: number;
  language?: string;
  /** IANA time zone the months are counted in; UTC by default. */
  timeZone?: string;
}

export interface ListDraftsOptions {
  /** From a previous page's `cursors.next`; the first page without. */
  cursor?: string | null;
  /** Default 50, at most 100. */
  limit?: number;
}

/**
 * Everything the site reads from a blog backend. Implemented once per backend (local folder, Wix).
 * Gets return `null` for "not found"; every other failure is a CatalogueError from the catalogue.
 */
export interface BlogSource {
  readonly name: 'local' | 'wix';
  /**
   * A verified platform event says something changed: drop anything held in memory before tags are cleared.
   * `postId` names the post (or draft) the event is about, when it is about one, so a source can drop just that.
   */
  refresh(change?: { postId?: string }): void;
  /** Reads what the source keeps in memory, once the server starts, so the first reader does not wait for it. */
  preload?(): Promise<void>;
  /**
   * The local source: watches its content folder, and tells `onChange` what changed there that no event named (a
   * write by the CLI, an editor, `git pull`), once it has read it. Answers the function that stops watching.
   */
  watch?(onChange: (changes: FolderChanges) => void): () => void;
  getPost(id: string, options?: FieldsetOptions): Promise<Post | null>;
  getPostBySlug(slug: string, options?: GetPostBySlugOptions): Promise<Post | null>;
  listPosts(options?: ListPostsOptions): Promise<OffsetPage<Post>>;
  queryPosts(query: PostQuery, options?: FieldsetOptions): Promise<CursorPage<Post>>;
  /** Published posts whose title or text contains every word of `text`, best matches first, with their text. */
  searchPosts(text: string, options?: { limit?: number }): Promise<Post[]>;
  getPostMetrics(id: string): Promise<PostMetrics | null>;
  queryPostCountStats(options?: PostCountStatsOptions): Promise<PostCountStat[]>;
  getTotalPosts(options?: { language?: string }): Promise<number>;
  getCategory(id: string): Promise<Category | null>;
  getCategoryBySlug(slug: string): Promise<Category | null>;
  /**
   * The local source: the slug a category or tag has now, when `slug` is one it had before (its slug was changed in
   * the dashboard); null otherwise. Wix keeps its own redirects.
   */
  movedTerm?(kind: 'category' | 'tag', slug: string, language: string): Promise<string | null>;
  listCategories(options?: { language?: string }): Promise<Category[]>;
  getTag(id: string): Promise<Tag | null>;
  getTagBySlug(slug: string): Promise<Tag | null>;
  listTags(options?: { language?: string }): Promise<Tag[]>;
  /** A post's writer: the public profile of the member `memberId` names (authors.ts); null when there is none. */
  getAuthor(memberId: string): Promise<Author | null>;
  /** The writer whose profile slug this is; null when no member has it. */
  getAuthorBySlug(slug: string): Promise<Author | null>;
  /** Posts not (yet) public, most recently edited first: the owner's drafts. */
  listDrafts(options?: ListDraftsOptions): Promise<CursorPage<Draft>>;
  getDraft(id: string): Promise<Draft | null>;
  /**
   * A file the site serves under `/media/` (the local media folder), opened for reading; null when the source keeps
   * no such file (Wix media live on Wix's CDN). The caller closes it, or reads it to the end through `stream`.
   */
  openMedia(mediaPath: string): Promise<MediaFile | null>;
  /**
   * The images at the top of the media folder (png, jpeg, gif, webp, avif) as `/media/<file>` paths, by name, at most
   * `MAX_LISTED_MEDIA`: what a member may choose as their picture. A source without a media folder (Wix) has none.
   */
  listMediaImages?(): Promise<string[]>;
  /**
   * Scheduled publishing where the site is the platform (the content folder): the source keeps a draft's time and
   * publishes it at that time. A source without it (Wix) carries the time on its drafts (`scheduledPublishDate`) and
   * its platform publishes them (lib/blog/schedule.ts).
   */
  sitePublishes?: SitePublishing;
}

/** A source whose drafts the site itself publishes at their scheduled time (the content folder). */
export interface SitePublishing {
  /** When the draft `id` is scheduled to go live, as the source keeps it (null: not kept, or no draft). */
  scheduledAt(id: string): Promise<string | null>;
  /**
   * The draft `id`'s time `at` has come: `published` (as `publish` would, dated `at`), or `not-due` when it is not
   * scheduled for `at` any more (published, unscheduled, moved), and nothing was written.
   */
  publishScheduled(id: string, at: string): Promise<'published' | 'not-due'>;
}

export const MAX_LISTED_MEDIA = 48;

export interface MediaFile {
  /** What its validators are made of (lib/core/http/validators.ts). */
  stamp: FileStamp;
  size: number;
  mtimeMs: number;
  /** Bytes `start` to `end` inclusive; the stream closes the file when it ends, fails or is cancelled. */
  stream(start: number, end: number): ReadableStream<Uint8Array>;
  close(): Promise<void>;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
