import type { RicosNode } from '@/lib/core/ricos/types';

// What every importer reads its export into (one `Bundle` per export, whatever the platform), and what the applier
// (apply.ts) writes into the site: posts and pages with their content still in the source's own form (HTML or
// Markdown, converted to Ricos by convert.ts), the terms, the people, the comments, the media the export carries and
// the old addresses. Every item keeps the source's own id (`sourceId`): a second import finds what the first made by
// it and updates it instead of making another.

/** An import that cannot go ahead: an export it cannot read (not a platform's export, or not as that platform writes
 * it), a Wix site it cannot write into. Nothing is written; the CLI exits with it as a usage error, the dashboard
 * shows it. */
export class ImportError extends Error {
  override name = 'ImportError';
}

export type SourceKind = 'wordpress' | 'ghost' | 'substack' | 'medium' | 'markdown';

/** A post's content as the source holds it: `ricos` is this site's own export, its nodes kept whole (the WXR's
 * `_wix_ricos` meta). */
export type SourceBody =
  { format: 'html'; html: string } | { format: 'markdown'; markdown: string } | { format: 'ricos'; nodes: RicosNode[] };

/** What the source says of a post's state. `private` and `password` posts become drafts (an import never publishes
 * them). */
export type SourceStatus = 'published' | 'draft' | 'scheduled' | 'private' | 'password' | 'pending';

export interface SourcePost {
  sourceId: string;
  /** `page`: a WordPress or Ghost page, imported as a post (the site has no pages) and reported so. */
  kind: 'post' | 'page';
  title: string;
  /** The source's slug (made from the title when it has none). */
  slug?: string;
  body: SourceBody;
  /** The source's own excerpt, when the author wrote one (else the site makes it). */
  excerpt?: string;
  status: SourceStatus;
  /** ISO dates. `publishedDate` is also the scheduled date of a scheduled post. */
  publishedDate?: string;
  updatedDate?: string;
  /** When a post that is a draft (or scheduled) now went out before, and last went out, when the source says so (this
   * site's own exports): a draft keeps them, as the site keeps an unpublished post's. A published post's own dates are
   * `publishedDate` and `updatedDate`; these, when given, say it more exactly. */
  firstPublishedDate?: string;
  lastPublishedDate?: string;
  /** Terms by their source id (Bundle.categories / Bundle.tags). */
  categoryIds: string[];
  tagIds: string[];
  /** The writer, by source id (Bundle.authors). */
  authorId?: string;
  /** The cover image's address (a media item's `url`, or a remote address), its alt text and its size in pixels. */
  coverImage?: string;
  coverAlt?: string;
  coverWidth?: number;
  coverHeight?: number;
  /** Sticky (WordPress), featured (Ghost): pinned on the site. */
  pinned?: boolean;
  featured?: boolean;
  /** Readable whole by paying members only (Ghost `paid`/`members`, Substack `only_paid`). */
  paid?: boolean;
  language?: string;
  /** The post it translates, by source id: the two (and the original's other translations) are one translation group
   * on the site, each listing the others. */
  translationOf?: string;
  /** Its addresses on the old site, as paths (`/2019/05/slug/`, `/?p=123`, `/p/slug`): each redirects to its new
   * page. */
  oldPaths: string[];
  commentingEnabled?: boolean;
  seoTitle?: string;
  seoDescription?: string;
}

export interface SourceTerm {
  sourceId: string;
  label: string;
  slug: string;
  description?: string;
  /** The parent term's source id (WordPress's category tree). */
  parentId?: string;
  /** Its language, when the source says it (this site's own exports; a Markdown post's terms are in its language):
   * a term's slug is unique within its language only, so `css` in Spanish is another term than `css` in English. */
  language?: string;
  oldPaths: string[];
}

export interface SourceAuthor {
  sourceId: string;
  name: string;
  email?: string;
  slug?: string;
  bio?: string;
  avatar?: string;
  oldPaths: string[];
}

export interface SourceComment {
  sourceId: string;
  postId: string;
  /** The comment it answers (a thread), by source id. */
  parentId?: string;
  authorName: string;
  authorEmail?: string;
  authorUrl?: string;
  /** The text as the source holds it (HTML or plain text). */
  html: string;
  date: string;
  approved: boolean;
}

/** A member or subscriber (Ghost's members, Substack's e-mail list). */
export interface SourcePerson {
  email: string;
  name?: string;
  /** Subscribed to the newsletter. */
  subscribed: boolean;
  /** Paying (Ghost `status: paid`, Substack's paid subscribers). */
  paid?: boolean;
  createdDate?: string;
}

/** A file the export carries, or a remote address the source's content links. */
export interface SourceMedia {
  /** The address the source's content and fields use for it. */
  url: string;
  /** Where its bytes are, when the export carries them (a file inside the zip or folder, read by `read`). */
  read?: () => Promise<Uint8Array>;
  /** Its name in the site's media (the source's file name). */
  fileName: string;
  alt?: string;
  caption?: string;
}

export interface Bundle {
  source: SourceKind;
  /** The old site's address, when the export says it (WXR's `<link>`, Ghost's `url`): its own absolute links are then
   * known as its own. */
  siteUrl?: string;
  title?: string;
  posts: SourcePost[];
  categories: SourceTerm[];
  tags: SourceTerm[];
  authors: SourceAuthor[];
  comments: SourceComment[];
  people: SourcePerson[];
  media: SourceMedia[];
  /** What the reader met and could not take (an unknown item type, a post without a title), each with its source id. */
  warnings: Warning[];
}

export interface Warning {
  /** The source item's id (or file), so the owner can find it. */
  item: string;
  message: string;
}

/** A source's content as the site's: Ricos nodes, and what could not be mapped (kept as HTML blocks). */
export interface Converted {
  nodes: RicosNode[];
  /** Each element kept as an HTML block, by tag name or embed provider (`iframe`, `script`, `form`, …). */
  keptAsHtml: string[];
  /** Media the content uses (image and file addresses), for the media step to copy or list. */
  media: string[];
}

export const emptyBundle = (source: SourceKind): Bundle => ({
  source,
  posts: [],
  categories: [],
  tags: [],
  authors: [],
  comments: [],
  people: [],
  media: [],
  warnings: [],
});
