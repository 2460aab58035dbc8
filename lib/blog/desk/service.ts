import sharp from 'sharp';
import { errors } from '@/lib/core/errors';
import { publish } from '@/lib/core/events/bus';
import type { BlogEventType } from '@/lib/core/cache/event-tags';
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
import { checked } from './input';

// The owner's desk: what the dashboard's editor does (issue 45), over the platform's port (local.ts: the content
// folder; wix.ts: Wix's Draft Posts API). Every rule is here (what a post may hold is input.ts's): categories and tags
// that exist, saves that would overwrite a newer one refused, schedules only ahead, uploads that are images; and after
// each change the platform's event on the bus (draft_created, draft_updated, post_created, post_updated,
// post_deleted), which refreshes exactly the pages it touches at once, plans a schedule and mails a first publication.
// (A Wix site sends the same event by webhook later; the second clears what the first did.)

/** A schedule must be at least this far ahead: a time already past would publish at once, unannounced. */
const SCHEDULE_AHEAD_MS = 60_000;
/** The images an upload may be, by sharp's name for the format, and the file's extension. */
const IMAGE_FORMATS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif', heif: 'avif' };

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
     * The owner's answer to a post in review: approved, it is published under its writer's byline (the writer
     * `writerOf` finds for the member who submitted it, added to the site's authors when new); rejected, it goes back
     * to the writer's drafts with `note` (required). A post not in review (answered in another tab) is a 409 and
     * nothing changes.
     */
    async review(
      id: string,
      decision: ReviewDecision,
      note: string | undefined,
      writerOf: ((memberId: string) => Promise<DeskWriter | null>) | null,
    ) {
      const current = await find(id);
      if (current.status !== 'IN_REVIEW') throw deskErrors.notInReview();
      const submittedBy = current.review?.submittedBy ?? current.memberId;
      const writer = writerOf && submittedBy ? await writerOf(submittedBy) : null;
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
