import { CatalogueError, errors } from '@/lib/core/errors';
import type { RichNode } from '../types';

// The owner's desk: what the editor sends and is answered, and the port each platform implements (local.ts: the
// content folder; wix.ts: Wix's Draft Posts API). The rules are the service's (service.ts), over either port.

/** A post as the editor opens it. */
export interface DeskPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  /** IN_REVIEW: a writer's draft, submitted for the owner's review. */
  status: 'PUBLISHED' | 'UNPUBLISHED' | 'SCHEDULED' | 'IN_REVIEW';
  language: string;
  nodes: RichNode[];
  categoryIds: string[];
  tagIds: string[];
  featured: boolean;
  pinned: boolean;
  /** The image at the top of the post and on its cards (null: none). */
  coverImage: CoverImage | null;
  /** Its writer: the member whose byline it carries (null: none). */
  memberId: string | null;
  /** Hashtags, without their `#`. */
  hashtags: string[];
  /** What search engines and shares show instead of the title and excerpt (empty: the title, the excerpt). */
  seoTitle: string;
  seoDescription: string;
  /** The plans whose members read it whole (empty: free), and how many of its blocks everyone reads (null: 3). */
  pricingPlanIds: string[];
  previewBlocks: number | null;
  scheduledPublishDate: string | null;
  firstPublishedDate: string | null;
  /** When it was last saved: sent back with the next save, which is refused if another save came between. */
  editedDate: string;
  /** A published post's saved edits that readers do not see yet (Wix's `hasUnpublishedChanges`). */
  hasUnpublishedChanges: boolean;
  /** Its public address, once published. */
  url: string | null;
  /** A writer's post: who submitted it for review and when, and the owner's answer (Wix's `moderationDetails`). */
  review: Review | null;
}

/** A submitted post's review, as Wix's `moderationDetails` keeps it, with the owner's note to a rejected writer. */
export interface Review {
  submittedBy: string;
  submittedDate: string;
  /** IN_REVIEW until the owner answers (Wix: status UNKNOWN, the post IN_REVIEW). */
  status: 'IN_REVIEW' | 'APPROVED' | 'REJECTED';
  moderationDate: string | null;
  /** Why it went back to its writer (rejected only). */
  note: string | null;
}

/** A post in a list: the review queue, a writer's own posts. */
export interface DeskListed {
  id: string;
  title: string;
  status: DeskPost['status'];
  memberId: string | null;
  editedDate: string;
  review: Review | null;
  url: string | null;
}

/** What a post may be given: the platform's categories and tags, and (local) the writers it may name. */
export interface DeskChoices {
  categories: DeskTerm[];
  tags: DeskTerm[];
  /** The site's writers (`<content>/authors.json`); null at Wix, whose posts name the Wix member who writes them. */
  writers: { id: string; name: string }[] | null;
}

/** A post's cover image: an uploaded file of the site's (`/media/…`) or an address, its size and alt text. */
export interface CoverImage {
  url: string;
  width: number;
  height: number;
  altText: string;
}

/** What the editor sends. */
export interface DeskInput {
  title: string;
  slug?: string;
  excerpt?: string;
  nodes: RichNode[];
  /** The post's categories and tags (ids of existing ones), and its flags; absent: left as they are. */
  categoryIds?: string[];
  tagIds?: string[];
  featured?: boolean;
  pinned?: boolean;
  /** The cover (null: none), hashtags (a leading `#` is dropped), the SEO texts, who reads it whole; absent: kept. */
  coverImage?: CoverImage | null;
  /** One of the writers the platform lists (DeskChoices.writers); null: none. */
  memberId?: string | null;
  hashtags?: string[];
  seoTitle?: string;
  seoDescription?: string;
  /** Ids of plans that exist (the route checks them with lib/plans); empty makes the post free again. */
  pricingPlanIds?: string[];
  previewBlocks?: number | null;
  /** A new post only: its language (the site's main one when absent), and the post it translates (an id or slug). */
  language?: string;
  translationOf?: string;
  /** The `editedDate` the editor opened (absent for a new post). */
  editedDate?: string;
  /** For a published post: true publishes the edits ("Update"); otherwise they are kept for it, unseen by readers. */
  publish?: boolean;
}

export type DeskAction = 'publish' | 'unpublish' | 'schedule' | 'unschedule' | 'trash' | 'restore';

/** The owner's answer to a post in review. */
export type ReviewDecision = 'approve' | 'reject';

export interface Trashed {
  id: string;
  title: string;
  deletedDate: string;
}

export interface DeskTerm {
  id: string;
  label: string;
  language: string;
}

/** An image the service has decoded: its size, and the file extension of its format. */
export interface CheckedImage {
  extension: string;
  width: number;
  height: number;
}

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** What a platform does for the desk; each call gets input the service has checked. */
export interface DeskPort {
  /** The post or draft; null when there is none. */
  open(id: string): Promise<DeskPost | null>;
  create(input: DeskInput): Promise<DeskPost>;
  /**
   * Saves the editor's text: a draft stays one; a published post's edits are kept beside it, unseen by readers, or
   * with `input.publish` published (and what was kept beside it dropped).
   */
  save(current: DeskPost, input: DeskInput): Promise<DeskPost>;
  publish(current: DeskPost): Promise<DeskPost>;
  /** Back to a draft. */
  unpublish(current: DeskPost): Promise<DeskPost>;
  /** `at`: ISO, ahead. */
  schedule(current: DeskPost, at: string): Promise<DeskPost>;
  unschedule(current: DeskPost): Promise<DeskPost>;
  trash(current: DeskPost): Promise<void>;
  /** Back from the trash; null when the trash has no such post. */
  restore(id: string): Promise<DeskPost | null>;
  /** The trash, newest first. */
  trashed(): Promise<Trashed[]>;
  terms(): Promise<DeskChoices>;
  upload(bytes: Buffer, image: CheckedImage): Promise<StoredImage>;
  /** Submitted for review by `memberId`, its writer. */
  submit(current: DeskPost, memberId: string): Promise<DeskPost>;
  /** Approved: published, the review dated. */
  approve(current: DeskPost): Promise<DeskPost>;
  /** Back to its writer's drafts with the owner's note, the review dated. */
  reject(current: DeskPost, note: string): Promise<DeskPost>;
  /** Posts and drafts (not trashed) that `filter` names: those in review, or one writer's. */
  list(filter: { status: 'IN_REVIEW' } | { memberId: string }): Promise<DeskListed[]>;
  /** The writer's byline, so their published post has one (local: an entry in authors.json; Wix: its member). */
  ensureAuthor(member: { id: string; name: string }): Promise<void>;
}

export const deskErrors = {
  conflict: () =>
    new CatalogueError(
      409,
      'WDE9409',
      'this post was saved elsewhere (another tab or device) after you opened it: reload to see that version',
    ),
  noPost: (id: string) => errors.notFound(`no post or draft "${id}"`),
  notInReview: () =>
    new CatalogueError(409, 'WDE9409', 'this post is not waiting for review (it was answered already)'),
  /** What the platform cannot do here, said as it is (a 4xx: nothing the owner sent was wrong, nothing changed). */
  notHere: (message: string) => new CatalogueError(422, 'WDE9422', message),
};
