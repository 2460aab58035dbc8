import type { PostStatus } from '../post';
import type { MediaFile, RicosNode } from '@/lib/core/ricos/types';
import type { AuthorKey, CategoryKey, Language, TagKey } from '../taxonomy';

/** A demo post as written by hand; demo.ts derives ids, urls, text and reading time. */
export interface PostDef {
  slug: string;
  title: string;
  excerpt: string;
  /** First publication (UTC); for a draft that never went out, when it was created. */
  date: string;
  updated?: string;
  status?: PostStatus;
  neverPublished?: boolean;
  author: AuthorKey;
  categories: CategoryKey[];
  tags: TagKey[];
  hashtags: string[];
  image: MediaFile;
  featured?: boolean;
  pinned?: boolean;
  commentingEnabled?: boolean;
  metrics: [views: number, likes: number, comments: number];
  seo?: { title: string; description: string; keywords: string[] };
  related?: string[];
  /** Absent for English; a translation's categories and tags (the same keys) are those of its language. */
  language?: Language;
  /** The slug of the post this one translates. */
  translationOf?: string;
  body: RicosNode[];
}
