import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { CatalogueError, errors } from '@/lib/core/errors';
import { publish } from '@/lib/core/events/bus';
import type { BlogEventType } from '@/lib/core/cache/event-tags';
import { postPath } from '@/lib/core/site';
import { excerptOf } from '../excerpt';
import { type ContentFolder, type RawPost } from '../local/folder';
import { minutesToRead, plainText } from '../reading-time';
import { isSlug, slugify, uniqueSlug } from '../slug';
import { RichNode } from '../types';
import { isLive, published, scheduled, unpublished, unscheduled } from './lifecycle';

// The owner's desk on the content folder: what the dashboard's editor does (issue 45). Every rule is here: what a post
// must have, slugs unique within a language, saves that would overwrite a newer one refused, schedules only ahead;
// each change is written through the folder's one writer and published on the bus as the platform's event, which
// refreshes exactly the pages it touches (the cache), plans a schedule and mails a first publication.

/** A post as the editor opens it. */
export interface DeskPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  status: 'PUBLISHED' | 'UNPUBLISHED' | 'SCHEDULED';
  language: string;
  nodes: RichNode[];
  categoryIds: string[];
  tagIds: string[];
  featured: boolean;
  pinned: boolean;
  scheduledPublishDate: string | null;
  firstPublishedDate: string | null;
  /** When it was last saved: sent back with the next save, which is refused if another save came between. */
  editedDate: string;
  /** Its public address, once published. */
  url: string | null;
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
  /** The `editedDate` the editor opened (absent for a new post). */
  editedDate?: string;
}

export type DeskAction = 'publish' | 'unpublish' | 'schedule' | 'unschedule' | 'trash' | 'restore';

const MAX_TITLE = 200;
const MAX_EXCERPT = 500;
/** A schedule must be at least this far ahead: a time already past would publish at once, unannounced. */
const SCHEDULE_AHEAD_MS = 60_000;
const TERM_ID = /^[\w-]{1,128}$/;
/** The images an upload may be, by sharp's name for the format, and the file's extension. */
const IMAGE_FORMATS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif', heif: 'avif' };
/** How long a post stays in the trash. */
const TRASH_DAYS = 30;

export const deskErrors = {
  conflict: () =>
    new CatalogueError(
      409,
      'WDE9409',
      'this post was saved elsewhere (another tab or device) after you opened it: reload to see that version',
    ),
  noPost: (id: string) => errors.notFound(`no post or draft "${id}"`),
  notHere: () =>
    new CatalogueError(
      422,
      'WDE9422',
      "this site's posts are at Wix: write and publish them in Wix's editor (the dashboard's desk writes the embedded content)",
    ),
};

function checked(input: DeskInput): DeskInput {
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (!title) throw errors.badValue('a post needs a title');
  if (title.length > MAX_TITLE) throw errors.badValue(`a title is at most ${MAX_TITLE} characters`);
  if (input.slug !== undefined && input.slug !== '' && !isSlug(input.slug))
    throw errors.badValue('a slug is lowercase letters and digits joined by single hyphens, at most 100 characters');
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
  return { ...input, title, slug: input.slug || undefined, excerpt: input.excerpt?.trim() };
}

/** Ricos' nesting is shallow (a table's cell's list's paragraph's text is 6 deep): deeper is not a document. */
const MAX_DEPTH = 32;
function isRichNode(value: unknown, depth: number): boolean {
  const parsed = RichNode.safeParse(value);
  if (!parsed.success || depth > MAX_DEPTH) return false;
  return (parsed.data.nodes ?? []).every((child) => isRichNode(child, depth + 1));
}

const languageOf = (post: RawPost) => post.language ?? 'en';

function deskPost(post: RawPost, siteUrl: string): DeskPost {
  const raw = post as Record<string, unknown>;
  const language = languageOf(post);
  return {
    id: post.id,
    title: String(post.title ?? ''),
    slug: post.slug,
    excerpt: String(raw.excerpt ?? ''),
    status: (post.status ?? 'PUBLISHED') as DeskPost['status'],
    language,
    nodes: ((raw.richContent as { nodes?: RichNode[] } | undefined)?.nodes ?? []) as RichNode[],
    categoryIds: [...(post.categoryIds ?? [])],
    tagIds: [...(post.tagIds ?? [])],
    featured: post.featured === true,
    pinned: post.pinned === true,
    scheduledPublishDate: typeof raw.scheduledPublishDate === 'string' ? raw.scheduledPublishDate : null,
    firstPublishedDate: typeof post.firstPublishedDate === 'string' ? post.firstPublishedDate : null,
    editedDate: typeof raw.editedDate === 'string' ? raw.editedDate : String(post.lastPublishedDate ?? ''),
    url: isLive(post) ? `${siteUrl}${postPath(post.slug, language)}` : null,
  };
}

/** The desk over a content folder; `siteUrl` makes the posts' addresses. */
export function localDesk(folder: ContentFolder, siteUrl: string) {
  const event = (type: BlogEventType, post: RawPost) =>
    publish({ type, entityId: post.id, language: languageOf(post) } as Parameters<typeof publish>[0]);

  async function find(id: string): Promise<RawPost> {
    const post = /^[\w-]{1,128}$/.test(id) ? await folder.post(id).catch(() => null) : null;
    if (!post || post.id !== id) throw deskErrors.noPost(id);
    return post;
  }

  async function freeSlug(wanted: string | undefined, title: string, language: string, self?: string) {
    const taken = new Set(
      (await folder.posts()).filter((p) => languageOf(p) === language && p.id !== self).map((p) => p.slug),
    );
    if (wanted) {
      if (taken.has(wanted)) throw errors.badValue(`the slug "${wanted}" is taken by another post in this language`);
      return wanted;
    }
    return uniqueSlug(slugify(title), taken);
  }

  /** The post's categories, tags and flags from the input: each id one of the folder's (else 400, nothing written). */
  async function settings(input: DeskInput): Promise<Partial<RawPost>> {
    const out: Partial<RawPost> = {};
    for (const [field, kind] of [
      ['categoryIds', 'category'],
      ['tagIds', 'tag'],
    ] as const) {
      const ids = input[field];
      if (ids === undefined) continue;
      const known = new Set((await folder.terms(kind)).map((t) => t.id));
      const unknown = ids.find((id) => !known.has(id));
      if (unknown) throw errors.badValue(`no ${kind} "${unknown}"`);
      out[field] = [...new Set(ids)];
    }
    if (input.featured !== undefined) out.featured = input.featured;
    if (input.pinned !== undefined) out.pinned = input.pinned;
    return out;
  }

  /** The body and what is derived from it, as the CLI stores them. */
  function body(input: DeskInput, now: string, previous?: RawPost) {
    const text = plainText(input.nodes);
    const kept = (previous as Record<string, unknown> | undefined)?.richContent as
      { metadata?: Record<string, unknown> } | undefined;
    return {
      excerpt: input.excerpt || excerptOf(text),
      contentText: text,
      minutesToRead: minutesToRead(text),
      richContent: {
        nodes: input.nodes,
        metadata: { version: 1, createdTimestamp: now, id: randomUUID(), ...kept?.metadata, updatedTimestamp: now },
      },
    };
  }

  return {
    async open(id: string): Promise<DeskPost> {
      return deskPost(await find(id), siteUrl);
    },

    /** A new draft. */
    async create(raw: DeskInput, language = 'en'): Promise<DeskPost> {
      const input = checked(raw);
      const now = new Date().toISOString();
      const slug = await freeSlug(input.slug, input.title, language);
      const post = {
        id: randomUUID(),
        title: input.title,
        slug,
        status: 'UNPUBLISHED',
        language,
        featured: false,
        pinned: false,
        categoryIds: [],
        tagIds: [],
        hashtags: [],
        commentingEnabled: true,
        relatedPostIds: [],
        url: { base: siteUrl, path: postPath(slug, language) },
        metrics: { views: 0, likes: 0, comments: 0 },
        editedDate: now,
        ...(await settings(input)),
        ...body(input, now),
      } as RawPost;
      await folder.writePost(post);
      event('wix.blog.v3.draft_created', post);
      return deskPost(post, siteUrl);
    },

    /**
     * Saves the editor's text: a draft stays a draft; a published post is updated (its readers see the edit). Refused
     * when the post was saved since the editor opened it.
     */
    async save(id: string, raw: DeskInput): Promise<DeskPost> {
      const input = checked(raw);
      const post = await find(id);
      const current = deskPost(post, siteUrl);
      if (raw.editedDate !== undefined && raw.editedDate !== current.editedDate) throw deskErrors.conflict();
      const now = new Date().toISOString();
      const slug = await freeSlug(input.slug ?? post.slug, input.title, languageOf(post), post.id);
      const next = {
        ...post,
        title: input.title,
        slug,
        url: { base: siteUrl, path: postPath(slug, languageOf(post)) },
        editedDate: now,
        ...(await settings(input)),
        ...body(input, now, post),
        ...(isLive(post) && { lastPublishedDate: now }),
      } as RawPost;
      await folder.writePost(next);
      event(isLive(next) ? 'wix.blog.v3.post_updated' : 'wix.blog.v3.draft_updated', next);
      return deskPost(next, siteUrl);
    },

    /** Publish, unpublish, schedule (at, ISO), unschedule, move to the trash or back. */
    async act(id: string, action: DeskAction, at?: string): Promise<DeskPost> {
      if (action === 'restore') {
        const restored = await folder.restorePost(/^[\w-]{1,128}$/.test(id) ? id : '-');
        if (!restored) throw errors.notFound(`no post "${id}" in the trash`);
        event(isLive(restored) ? 'wix.blog.v3.post_created' : 'wix.blog.v3.draft_created', restored);
        return deskPost(restored, siteUrl);
      }
      const post = await find(id);
      const now = new Date().toISOString();
      let next: RawPost;
      switch (action) {
        case 'publish':
          if (isLive(post)) return deskPost(post, siteUrl);
          next = published(post, now);
          break;
        case 'unpublish':
          if (!isLive(post)) return deskPost(post, siteUrl);
          next = unpublished(post);
          break;
        case 'schedule': {
          const when = typeof at === 'string' ? Date.parse(at) : NaN;
          if (!Number.isFinite(when)) throw errors.badValue('a schedule needs a date and time');
          if (when < Date.now() + SCHEDULE_AHEAD_MS)
            throw errors.badValue('a schedule must be at least a minute ahead');
          if (isLive(post)) throw errors.badValue('this post is published: unpublish it first to schedule it');
          next = scheduled(post, new Date(when).toISOString());
          break;
        }
        case 'unschedule':
          if (post.status !== 'SCHEDULED') return deskPost(post, siteUrl);
          next = unscheduled(post);
          break;
        case 'trash':
          await folder.trashPost(post, now);
          event(isLive(post) ? 'wix.blog.v3.post_deleted' : 'wix.blog.v3.draft_deleted', post);
          return { ...deskPost(post, siteUrl), url: null };
        default:
          throw errors.notAChoice('action is publish, unpublish, schedule, unschedule, trash or restore');
      }
      next = { ...next, editedDate: now } as RawPost;
      await folder.writePost(next);
      // To readers an unpublished post no longer exists; a schedule is a draft's change.
      const type: BlogEventType =
        action === 'publish'
          ? 'wix.blog.v3.post_created'
          : action === 'unpublish'
            ? 'wix.blog.v3.post_deleted'
            : 'wix.blog.v3.draft_updated';
      event(type, action === 'unpublish' ? post : next);
      return deskPost(next, siteUrl);
    },

    /**
     * An image the editor uploads, into the content's media folder under a new name: refused (400) unless sharp
     * decodes it as PNG, JPEG, WebP, GIF or AVIF. Answers what the editor's IMAGE node names: the file and its size.
     */
    async upload(bytes: Buffer): Promise<{ id: string; url: string; width: number; height: number }> {
      const meta = await sharp(bytes, { failOn: 'error' })
        .metadata()
        .catch(() => null);
      // AVIF is HEIF with AV1 in sharp's words; other HEIF (a phone's HEIC) browsers do not show.
      const avif = meta?.format !== 'heif' || meta.compression === 'av1';
      const extension = meta?.format && avif ? IMAGE_FORMATS[meta.format] : undefined;
      if (!meta || !extension || !meta.width || !meta.height)
        throw errors.badValue('the file is not an image (PNG, JPEG, WebP, GIF or AVIF)');
      const name = `upload-${randomUUID().slice(0, 8)}.${extension}`;
      return { id: name, url: await folder.writeUpload(name, bytes), width: meta.width, height: meta.height };
    },

    /** The categories and tags a post may take, for the editor's pickers. */
    async terms(): Promise<Record<'categories' | 'tags', { id: string; label: string; language: string }[]>> {
      const list = async (kind: 'category' | 'tag') =>
        (await folder.terms(kind)).map((t) => ({
          id: t.id,
          label: String(t.label ?? t.slug),
          language: t.language ?? 'en',
        }));
      return { categories: await list('category'), tags: await list('tag') };
    },

    /** The trash, newest first; what has been there 30 days is deleted for good first, as Wix's trash does. */
    async trash(): Promise<{ id: string; title: string; deletedDate: string }[]> {
      await folder.emptyTrash(new Date(Date.now() - TRASH_DAYS * 86_400_000).toISOString());
      return (await folder.trashedPosts()).map((p) => ({
        id: p.id,
        title: String(p.title ?? ''),
        deletedDate: p.deletedDate,
      }));
    },
  };
}

export type Desk = ReturnType<typeof localDesk>;
