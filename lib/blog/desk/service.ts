import sharp from 'sharp';
import { errors } from '@/lib/core/errors';
import { publish } from '@/lib/core/events/bus';
import type { BlogEventType } from '@/lib/core/cache/event-tags';
import { LANGUAGES, isLanguage } from '@/lib/core/i18n/languages';
import { isSlug } from '../slug';
import { RichNode } from '../types';
import {
  type DeskAction,
  type DeskChoices,
  type DeskInput,
  type DeskPort,
  type DeskListed,
  type DeskPost,
  type ReviewDecision,
  type StoredImage,
  type Trashed,
  deskErrors,
} from './types';

// The owner's desk: what the dashboard's editor does (issue 45), over the platform's port (local.ts: the content
// folder; wix.ts: Wix's Draft Posts API). Every rule is here: what a post must hold, categories and tags that exist,
// saves that would overwrite a newer one refused, schedules only ahead, uploads that are images; and after each change
// the platform's event on the bus (draft_created, draft_updated, post_created, post_updated, post_deleted), which
// refreshes exactly the pages it touches at once, plans a schedule and mails a first publication. (A Wix site sends
// the same event by webhook later; the second clears what the first did.)

const MAX_TITLE = 200;
const MAX_EXCERPT = 500;
/** Wix's DraftPost limits (@wix/auto_sdk_blog_draft-posts index.typings.d.ts: hashtags @maxSize 100, @maxLength 100;
 * pricingPlanIds @maxSize 100). An SEO title past 200 or description past 500 characters is cut by every engine. */
const MAX_HASHTAGS = 100;
const MAX_HASHTAG = 100;
const MAX_PLANS = 100;
const MAX_SEO_TITLE = 200;
const MAX_SEO_DESCRIPTION = 500;
/** A schedule must be at least this far ahead: a time already past would publish at once, unannounced. */
const SCHEDULE_AHEAD_MS = 60_000;
const TERM_ID = /^[\w-]{1,128}$/;
/** The images an upload may be, by sharp's name for the format, and the file's extension. */
const IMAGE_FORMATS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif', heif: 'avif' };
/** Ricos' nesting is shallow (a table's cell's list's paragraph's text is 6 deep): deeper is not a document. */
const MAX_DEPTH = 32;

function isRichNode(value: unknown, depth: number): boolean {
  const parsed = RichNode.safeParse(value);
  if (!parsed.success || depth > MAX_DEPTH) return false;
  return (parsed.data.nodes ?? []).every((child) => isRichNode(child, depth + 1));
}

function checked(input: DeskInput): DeskInput {
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (!title) throw errors.badValue('a post needs a title');
  if (title.length > MAX_TITLE) throw errors.badValue(`a title is at most ${MAX_TITLE} characters`);
  if (input.slug !== undefined && input.slug !== '' && !isSlug(input.slug))
    throw errors.badValue('a slug is lowercase letters and digits joined by single hyphens, at most 100 characters');
  if (input.publish !== undefined && typeof input.publish !== 'boolean')
    throw errors.badValue('publish is true or false');
  if (input.excerpt !== undefined && (typeof input.excerpt !== 'string' || input.excerpt.length > MAX_EXCERPT))
    throw errors.badValue(`an excerpt is text of at most ${MAX_EXCERPT} characters`);
  if (!Array.isArray(input.nodes) || !input.nodes.every((node) => isRichNode(node, 0)))
    throw errors.badValue('the body is a list of rich content nodes, each with a type and its nodes a list of nodes');
  for (const [name, ids] of [
    ['categoryIds', input.categoryIds],
    ['tagIds', input.tagIds],
  ] as const) {
    if (ids !== undefined && (!Array.isArray(ids) || ids.length > 50 || !ids.every((id) => TERM_ID.test(String(id)))))
      throw errors.badValue(`${name} is a list of at most 50 ids`);
  }
  for (const name of ['featured', 'pinned'] as const)
    if (input[name] !== undefined && typeof input[name] !== 'boolean')
      throw errors.badValue(`${name} is true or false`);
  const text = (name: string, value: unknown, max: number) => {
    if (value !== undefined && (typeof value !== 'string' || value.length > max))
      throw errors.badValue(`${name} is text of at most ${max} characters`);
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const seoTitle = text('the SEO title', input.seoTitle, MAX_SEO_TITLE);
  const seoDescription = text('the SEO description', input.seoDescription, MAX_SEO_DESCRIPTION);
  let hashtags: string[] | undefined;
  if (input.hashtags !== undefined) {
    if (!Array.isArray(input.hashtags) || input.hashtags.length > MAX_HASHTAGS)
      throw errors.badValue(`hashtags is a list of at most ${MAX_HASHTAGS}`);
    const seen = new Set<string>();
    hashtags = [];
    for (const raw of input.hashtags) {
      const tag = typeof raw === 'string' ? raw.trim().replace(/^#+/, '') : '';
      if (!tag || tag.length > MAX_HASHTAG || /[\s#]/.test(tag))
        throw errors.badValue(`a hashtag is one word of at most ${MAX_HASHTAG} characters, without spaces`);
      if (seen.has(tag.toLowerCase())) continue;
      seen.add(tag.toLowerCase());
      hashtags.push(tag);
    }
  }
  const plans = input.pricingPlanIds;
  if (
    plans !== undefined &&
    (!Array.isArray(plans) || plans.length > MAX_PLANS || !plans.every((id) => TERM_ID.test(String(id))))
  )
    throw errors.badValue(`pricingPlanIds is a list of at most ${MAX_PLANS} plan ids`);
  const cover = input.coverImage;
  if (cover !== undefined && cover !== null) {
    const size = (n: unknown) => Number.isInteger(n) && (n as number) > 0 && (n as number) <= 20_000;
    const url = typeof cover === 'object' ? cover.url : undefined;
    if (
      typeof url !== 'string' ||
      url.length > 2000 ||
      !/^(?:\/media\/|https?:\/\/)/.test(url) ||
      !size(cover.width) ||
      !size(cover.height) ||
      typeof cover.altText !== 'string' ||
      cover.altText.length > 1000
    )
      throw errors.badValue(
        'a cover image is { url (an uploaded /media/ file or an http(s) address), width, height, altText }, or null',
      );
  }
  if (input.memberId !== undefined && input.memberId !== null && !TERM_ID.test(String(input.memberId)))
    throw errors.badValue('memberId is a writer’s id, or null');
  if (input.language !== undefined && !isLanguage(input.language))
    throw errors.badValue(`language is one of ${LANGUAGES.join(', ')}`);
  // Empty: none (the editor's field left blank).
  const translationOf = input.translationOf || undefined;
  if (translationOf !== undefined && (typeof translationOf !== 'string' || !/^[\w-]{1,128}$/.test(translationOf)))
    throw errors.badValue('translationOf is the original post’s id or slug');
  const cut = input.previewBlocks;
  if (cut !== undefined && cut !== null && !(Number.isInteger(cut) && cut >= 0 && cut <= 1000))
    throw errors.badValue('previewBlocks is how many blocks everyone reads: a whole number from 0 to 1000, or null');
  return {
    ...input,
    translationOf,
    title,
    seoTitle,
    seoDescription,
    hashtags,
    pricingPlanIds: plans && [...new Set(plans)],
    slug: input.slug || undefined,
    excerpt: input.excerpt?.trim(),
    categoryIds: input.categoryIds && [...new Set(input.categoryIds)],
    tagIds: input.tagIds && [...new Set(input.tagIds)],
  };
}

const isLive = (post: DeskPost) => post.status === 'PUBLISHED';

/** The owner's note to a writer whose post goes back is at most this long. */
const MAX_NOTE = 2000;

/** A member who may write (lib/writers): their id, and the name their byline takes. */
export interface DeskWriter {
  id: string;
  name: string;
}

/** The desk over a platform's port. */
export function deskService(port: DeskPort) {
  const event = (type: BlogEventType, post: DeskPost) =>
    publish({ type, entityId: post.id, language: post.language } as Parameters<typeof publish>[0]);

  async function find(id: string): Promise<DeskPost> {
    const post = /^[\w-]{1,128}$/.test(id) ? await port.open(id) : null;
    if (!post) throw deskErrors.noPost(id);
    return post;
  }

  /** The input with its categories and tags checked against the platform's (an unknown id is a 400). */
  async function valid(raw: DeskInput): Promise<DeskInput> {
    const input = checked(raw);
    if (!input.categoryIds?.length && !input.tagIds?.length && !input.memberId) return input;
    const terms = await port.terms();
    if (input.memberId && terms.writers && !terms.writers.some((w) => w.id === input.memberId))
      throw errors.badValue(`no writer "${input.memberId}"`);
    for (const [ids, known, kind] of [
      [input.categoryIds, terms.categories, 'category'],
      [input.tagIds, terms.tags, 'tag'],
    ] as const) {
      const unknown = ids?.find((id) => !known.some((t) => t.id === id));
      if (unknown) throw errors.badValue(`no ${kind} "${unknown}"`);
    }
    return input;
  }

  return {
    open: find,

    /** A new draft. */
    async create(raw: DeskInput): Promise<DeskPost> {
      const post = await port.create(await valid(raw));
      event('wix.blog.v3.draft_created', post);
      return post;
    },

    /** Saves the editor's text; refused (409) when the post was saved since the editor opened it. */
    async save(id: string, raw: DeskInput): Promise<DeskPost> {
      const input = await valid(raw);
      const current = await find(id);
      if (raw.editedDate !== undefined && raw.editedDate !== current.editedDate) throw deskErrors.conflict();
      // A post's language and translation are chosen when it is made.
      const { language: _, translationOf: __, ...edits } = input;
      const post = await port.save(current, { ...edits, publish: isLive(current) && raw.publish === true });
      // Readers see the change only when a published post's edits are published; otherwise it is the draft's.
      event(isLive(post) && raw.publish === true ? 'wix.blog.v3.post_updated' : 'wix.blog.v3.draft_updated', post);
      return post;
    },

    /** Publish, unpublish, schedule (at, ISO), unschedule, move to the trash or back. */
    async act(id: string, action: DeskAction, at?: string): Promise<DeskPost> {
      if (action === 'restore') {
        const restored = /^[\w-]{1,128}$/.test(id) ? await port.restore(id) : null;
        if (!restored) throw errors.notFound(`no post "${id}" in the trash`);
        event(isLive(restored) ? 'wix.blog.v3.post_created' : 'wix.blog.v3.draft_created', restored);
        return restored;
      }
      const current = await find(id);
      switch (action) {
        case 'publish': {
          if (isLive(current)) return current;
          const post = await port.publish(current);
          event('wix.blog.v3.post_created', post);
          return post;
        }
        case 'unpublish': {
          if (!isLive(current)) return current;
          const post = await port.unpublish(current);
          // To readers an unpublished post no longer exists.
          event('wix.blog.v3.post_deleted', current);
          return post;
        }
        case 'schedule': {
          const when = typeof at === 'string' ? Date.parse(at) : NaN;
          if (!Number.isFinite(when)) throw errors.badValue('a schedule needs a date and time');
          if (when < Date.now() + SCHEDULE_AHEAD_MS)
            throw errors.badValue('a schedule must be at least a minute ahead');
          if (isLive(current)) throw errors.badValue('this post is published: unpublish it first to schedule it');
          const post = await port.schedule(current, new Date(when).toISOString());
          event('wix.blog.v3.draft_updated', post);
          return post;
        }
        case 'unschedule': {
          if (current.status !== 'SCHEDULED') return current;
          const post = await port.unschedule(current);
          event('wix.blog.v3.draft_updated', post);
          return post;
        }
        case 'trash':
          await port.trash(current);
          event(isLive(current) ? 'wix.blog.v3.post_deleted' : 'wix.blog.v3.draft_deleted', current);
          return { ...current, url: null };
        default:
          throw errors.notAChoice('action is publish, unpublish, schedule, unschedule, trash or restore');
      }
    },

    /**
     * An image the editor uploads: refused (400) unless sharp decodes it as PNG, JPEG, WebP, GIF or AVIF; stored by
     * the platform under a new name. Answers what the editor's IMAGE node names: the file and its size.
     */
    async upload(bytes: Buffer): Promise<StoredImage> {
      const meta = await sharp(bytes, { failOn: 'error' })
        .metadata()
        .catch(() => null);
      // AVIF is HEIF with AV1 in sharp's words; other HEIF (a phone's HEIC) browsers do not show.
      const avif = meta?.format !== 'heif' || meta.compression === 'av1';
      const extension = meta?.format && avif ? IMAGE_FORMATS[meta.format] : undefined;
      if (!meta || !extension || !meta.width || !meta.height)
        throw errors.badValue('the file is not an image (PNG, JPEG, WebP, GIF or AVIF)');
      return port.upload(bytes, { extension, width: meta.width, height: meta.height });
    },

    /** The categories and tags a post may take, for the editor's pickers. */
    terms: (): Promise<DeskChoices> => port.terms(),

    /** The trash, newest first. */
    trash: (): Promise<Trashed[]> => port.trashed(),

    /** The posts writers submitted, waiting for the owner's review (newest edit first). */
    reviewQueue: (): Promise<DeskListed[]> => port.list({ status: 'IN_REVIEW' }),

    /**
     * The owner's answer to a post in review: approved, it is published under its writer's byline (`writer`, added to
     * the site's authors when new); rejected, it goes back to the writer's drafts with `note` (required). A post not
     * in review (answered in another tab) is a 409 and nothing changes.
     */
    async review(id: string, decision: ReviewDecision, note: string | undefined, writer: DeskWriter | null) {
      const current = await find(id);
      if (current.status !== 'IN_REVIEW') throw deskErrors.notInReview();
      if (decision === 'approve') {
        if (writer) await port.ensureAuthor(writer);
        const post = await port.approve(current);
        event('wix.blog.v3.post_created', post);
        return post;
      }
      if (decision !== 'reject') throw errors.notAChoice('decision is approve or reject');
      const text = typeof note === 'string' ? note.trim() : '';
      if (!text) throw errors.badValue('say what the writer should change: a note goes back with the post');
      if (text.length > MAX_NOTE) throw errors.badValue(`a note is at most ${MAX_NOTE} characters`);
      const post = await port.reject(current, text);
      event('wix.blog.v3.draft_updated', post);
      return post;
    },

    /** The desk as a member who may write uses it: their own drafts only, submitted for review, never published. */
    writer: (member: DeskWriter) => writerDesk(member),
  };

  /**
   * A writer's desk (Ghost's Contributor): they make drafts, edit their own until published, and submit them; the
   * owner publishes. What a post shows beyond its text and terms (featured, pinned, plans, the preview's cut, the
   * byline, the cover, SEO) is the owner's: kept as it is. Another's post, or their own once published, is a 404.
   */
  function writerDesk(member: DeskWriter) {
    const own = async (id: string) => {
      const post = await find(id);
      if (post.memberId !== member.id || isLive(post)) throw deskErrors.noPost(id);
      return post;
    };
    const writable = (raw: DeskInput): DeskInput => ({
      title: raw.title,
      slug: raw.slug,
      excerpt: raw.excerpt,
      nodes: raw.nodes,
      categoryIds: raw.categoryIds,
      tagIds: raw.tagIds,
      hashtags: raw.hashtags,
      language: raw.language,
      editedDate: raw.editedDate,
    });
    return {
      open: own,
      list: (): Promise<DeskListed[]> => port.list({ memberId: member.id }),
      async create(raw: DeskInput): Promise<DeskPost> {
        // Filed as the writer's: they need not be among the authors yet (they join them when the owner approves).
        const post = await port.create({ ...(await valid(writable(raw))), memberId: member.id });
        event('wix.blog.v3.draft_created', post);
        return post;
      },
      async save(id: string, raw: DeskInput): Promise<DeskPost> {
        const input = await valid(writable(raw));
        const current = await own(id);
        if (raw.editedDate !== undefined && raw.editedDate !== current.editedDate) throw deskErrors.conflict();
        const { language: _, ...edits } = input;
        const post = await port.save(current, edits);
        event('wix.blog.v3.draft_updated', post);
        return post;
      },
      /** Submitted for the owner's review (again, after a rejection); a post in review is answered as it is. */
      async submit(id: string): Promise<DeskPost> {
        const current = await own(id);
        if (current.status === 'IN_REVIEW') return current;
        const post = await port.submit(current, member.id);
        event('wix.blog.v3.draft_updated', post);
        return post;
      },
      async trash(id: string): Promise<void> {
        const current = await own(id);
        await port.trash(current);
        event('wix.blog.v3.draft_deleted', current);
      },
    };
  }
}

export type Desk = ReturnType<typeof deskService>;
