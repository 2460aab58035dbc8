import type { Post, Category, Tag } from '../../types';

export interface PostChange {
  before: Post | null;
  after: Post | null;
}

/** A category or tag as it was and as it is (null: not there). */
export interface TermChange<T extends Category | Tag> {
  before: T | null;
  after: T | null;
}

/** What a load found changed in the folder that no event named. */
export interface FolderChanges {
  posts: PostChange[];
  categories: TermChange<Category>[];
  tags: TermChange<Tag>[];
}

export interface Snapshot {
  /**
   * Every post in the folder, drafts included, without `richContent`, `richContentCompressed` or `contentText`
   * (listed on first access).
   */
  readonly posts: Post[];
  categories: Category[];
  tags: Tag[];
  /**
   * The snapshot this one was made from by events naming posts, and what changed since it (one entry per post);
   * absent after a full check. A reader that has derived what it needs drops them (`settled()`).
   */
  base?: Snapshot;
  changes?: PostChange[];
}

/** The parts of a post read from its file on demand. */
export type PostBody = Pick<Post, 'richContent' | 'richContentCompressed' | 'contentText'>;

export interface StoreOptions {
  /** What search looks at in a post (with its body): kept for every post once `searchTexts()` is first called. */
  searchText?: (post: Post) => string;
}
