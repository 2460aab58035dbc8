import { randomUUID } from 'node:crypto';
import { postPath } from '@/lib/core/site';
import { errors } from '@/lib/core/errors';
import { excerptOf } from '../excerpt';
import type { ContentFolder, RawPost } from '../local/folder';
import { MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { localAuthors } from '../local/authors';
import { translationGroup, writeIntoGroup } from '../local/translations';
import { minutesToRead, plainText } from '../reading-time';
import { slugify, uniqueSlug } from '../slug';
import type { RichNode } from '../types';
import {
  approved,
  isLive,
  published,
  rejected,
  reviewOf,
  scheduled,
  submitted,
  unpublished,
  unscheduled,
} from './lifecycle';
import { seoTexts, withSeoTexts } from './seo';
import type { CoverImage, DeskInput, DeskListed, DeskPort, DeskPost } from './types';

// The desk's port on the embedded source: the content folder, through its one writer (local/folder.ts), in the shape
// the CLI writes (the Wix REST shapes). Slugs are unique within a language, as Wix keeps them; the trash is
// `<content>/trash/`, emptied of what has been there 30 days whenever it is listed.

/** How long a post stays in the trash. */
const TRASH_DAYS = 30;

const languageOf = (post: RawPost) => post.language ?? 'en';

/**
 * A published post's edits kept beside it (`draftChanges` in its file: the fields a save writes), which readers do not
 * see: the public source reads a post's own fields only (lib/blog/types.ts `Post` keeps no other).
 */
const DRAFT_CHANGES = 'draftChanges';

/** The post's cover as the pages find it (lib/blog/view.ts `postImage`): its media's image, else the older fields. */
function coverOf(raw: Record<string, unknown>): CoverImage | null {
  const media = raw.media as { wixMedia?: { image?: Record<string, unknown> } } | null | undefined;
  const cover = raw.coverMedia as { image?: Record<string, unknown> } | null | undefined;
  const image = media?.wixMedia?.image ?? cover?.image ?? (raw.heroImage as Record<string, unknown> | undefined);
  if (!image || typeof image !== 'object') return null;
  const url = typeof image.url === 'string' ? image.url : typeof image.id === 'string' ? `/media/${image.id}` : '';
  if (!url) return null;
  return {
    url,
    width: Number(image.width) || 0,
    height: Number(image.height) || 0,
    altText: typeof image.altText === 'string' ? image.altText : '',
  };
}

/** The fields that hold a cover, as Wix's Post has it (`media.wixMedia.image`); null clears every older one too. */
const coverFields = (cover: CoverImage | null) =>
  cover
    ? {
        media: {
          wixMedia: { image: { id: cover.url.split('/').pop(), ...cover } },
          displayed: true,
          custom: true,
        },
      }
    : { media: null, coverMedia: null, heroImage: null };

function deskPost(published: RawPost, siteUrl: string): DeskPost {
  const changes = (published as Record<string, unknown>)[DRAFT_CHANGES] as Partial<RawPost> | undefined;
  const post = { ...published, ...changes } as RawPost;
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
    coverImage: coverOf(raw),
    memberId: typeof raw.memberId === 'string' ? raw.memberId : null,
    hashtags: Array.isArray(raw.hashtags) ? raw.hashtags.map(String) : [],
    ...seoTexts(raw.seoData),
    pricingPlanIds: Array.isArray(raw.pricingPlanIds) ? raw.pricingPlanIds.map(String) : [],
    previewBlocks: typeof raw.previewBlocks === 'number' ? raw.previewBlocks : null,
    scheduledPublishDate: typeof raw.scheduledPublishDate === 'string' ? raw.scheduledPublishDate : null,
    firstPublishedDate: typeof post.firstPublishedDate === 'string' ? post.firstPublishedDate : null,
    editedDate: typeof raw.editedDate === 'string' ? raw.editedDate : String(post.lastPublishedDate ?? ''),
    hasUnpublishedChanges: changes !== undefined,
    url: isLive(post) ? `${siteUrl}${postPath(published.slug, language)}` : null,
    review: reviewOf(post),
  };
}

const listed = (post: DeskPost): DeskListed => ({
  id: post.id,
  title: post.title,
  status: post.status,
  memberId: post.memberId,
  editedDate: post.editedDate,
  review: post.review,
  url: post.url,
});

/** The desk's port over a content folder; `siteUrl` makes the posts' addresses. */
export function localDeskPort(folder: ContentFolder, siteUrl: string): DeskPort {
  const raw = async (id: string) => {
    const post = await folder.post(id).catch(() => null);
    return post && post.id === id ? post : null;
  };
  const write = async (post: RawPost) => (await folder.writePost(post), deskPost(post, siteUrl));
  const now = () => new Date().toISOString();
  // One reader of authors.json for the port: it reads the file again only when it changes (every save checks a writer).
  const authors = localAuthors(folder.dir);

  async function freeSlug(wanted: string | undefined, title: string, language: string, self?: string) {
    const taken = new Set(
      (await folder.posts()).filter((p) => languageOf(p) === language && p.id !== self).map((p) => p.slug),
    );
    if (wanted && taken.has(wanted))
      throw errors.badValue(`the slug "${wanted}" is taken by another post in this language`);
    return wanted ?? uniqueSlug(slugify(title), taken);
  }

  /** The body and what is derived from it, as the CLI stores them; the settings the input names. */
  function written(input: DeskInput, at: string, previous?: RawPost): Partial<RawPost> {
    const text = plainText(input.nodes);
    const kept = (previous as Record<string, unknown> | undefined)?.richContent as
      { metadata?: Record<string, unknown> } | undefined;
    return {
      title: input.title,
      excerpt: input.excerpt || excerptOf(text),
      contentText: text,
      minutesToRead: minutesToRead(text),
      richContent: {
        nodes: input.nodes,
        metadata: { version: 1, createdTimestamp: at, id: randomUUID(), ...kept?.metadata, updatedTimestamp: at },
      },
      ...(input.categoryIds && { categoryIds: input.categoryIds }),
      ...(input.tagIds && { tagIds: input.tagIds }),
      ...(input.featured !== undefined && { featured: input.featured }),
      ...(input.pinned !== undefined && { pinned: input.pinned }),
      ...(input.coverImage !== undefined && coverFields(input.coverImage)),
      ...(input.memberId !== undefined && { memberId: input.memberId }),
      ...(input.hashtags && { hashtags: input.hashtags }),
      ...((input.seoTitle !== undefined || input.seoDescription !== undefined) && {
        seoData: withSeoTexts((previous as Record<string, unknown> | undefined)?.seoData, input),
      }),
      ...(input.pricingPlanIds && { pricingPlanIds: input.pricingPlanIds }),
      ...(input.previewBlocks !== undefined && { previewBlocks: input.previewBlocks }),
      editedDate: at,
    } as Partial<RawPost>;
  }

  /** A lifecycle step on the post file, dated. */
  const step = async (id: string, change: (post: RawPost) => RawPost) => {
    const post = await raw(id);
    if (!post) throw errors.notFound(`no post or draft "${id}"`);
    return write({ ...change(post), editedDate: now() } as RawPost);
  };

  return {
    open: async (id) => {
      const post = await raw(id);
      return post && deskPost(post, siteUrl);
    },

    async create(input) {
      const at = now();
      const language = input.language ?? MAIN_LANGUAGE;
      const group = input.translationOf ? await translationGroup(folder, input.translationOf, language) : null;
      const slug = await freeSlug(input.slug, input.title, language);
      const post = {
        id: randomUUID(),
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
        ...written(input, at),
      } as RawPost;
      if (!group) return write(post);
      // The original's categories and tags in this language, unless the editor chose some.
      const joined = await writeIntoGroup(
        folder,
        {
          ...post,
          categoryIds: input.categoryIds?.length ? input.categoryIds : group.categoryIds,
          tagIds: input.tagIds?.length ? input.tagIds : group.tagIds,
        } as RawPost,
        group,
      );
      return deskPost(joined, siteUrl);
    },

    async save(current, input) {
      const { [DRAFT_CHANGES]: _, ...post } = (await raw(current.id))! as Record<string, unknown>;
      const published = post as RawPost;
      const at = now();
      // The folder is read for collisions only when the slug changes: an autosave keeps it, every 2 s of typing.
      const slug =
        input.slug === undefined || input.slug === published.slug
          ? published.slug
          : await freeSlug(input.slug, input.title, current.language, current.id);
      const changes = {
        slug,
        url: { base: siteUrl, path: postPath(slug, current.language) },
        ...written(input, at, published),
      };
      // A published post's edits wait beside it until published ("Update").
      if (isLive(published) && !input.publish) return write({ ...published, [DRAFT_CHANGES]: changes });
      return write({ ...published, ...changes, ...(isLive(published) && { lastPublishedDate: at }) } as RawPost);
    },

    publish: (current) => step(current.id, (post) => published(post, now())),
    // A draft has one version: the edits kept beside the published post become the draft's.
    unpublish: (current) =>
      step(current.id, (post) => {
        const { [DRAFT_CHANGES]: changes, ...rest } = post as Record<string, unknown>;
        return unpublished({ ...rest, ...(changes as object) } as RawPost);
      }),
    schedule: (current, at) => step(current.id, (post) => scheduled(post, at)),
    unschedule: (current) => step(current.id, unscheduled),

    async trash(current) {
      const post = await raw(current.id);
      if (post) await folder.trashPost(post, now());
    },

    async restore(id) {
      const post = await folder.restorePost(id);
      return post && deskPost(post, siteUrl);
    },

    async trashed() {
      await folder.emptyTrash(new Date(Date.now() - TRASH_DAYS * 86_400_000).toISOString());
      return (await folder.trashedPosts()).map((p) => ({
        id: p.id,
        title: String(p.title ?? ''),
        deletedDate: p.deletedDate,
      }));
    },

    async terms() {
      const list = async (kind: 'category' | 'tag') =>
        (await folder.terms(kind)).map((t) => ({
          id: t.id,
          label: String(t.label ?? t.slug),
          language: t.language ?? 'en',
        }));
      const writers = (await authors.all()).map(({ id, name }) => ({ id, name }));
      return { categories: await list('category'), tags: await list('tag'), writers };
    },

    async upload(bytes, image) {
      const name = `upload-${randomUUID().slice(0, 8)}.${image.extension}`;
      return { id: name, url: await folder.writeUpload(name, bytes), width: image.width, height: image.height };
    },

    submit: (current, memberId) => step(current.id, (post) => submitted(post, memberId, now())),
    approve: (current) => step(current.id, (post) => approved(post, now())),
    reject: (current, note) => step(current.id, (post) => rejected(post, note, now())),

    async list(filter) {
      const posts = (await folder.posts()).map((post) => deskPost(post, siteUrl));
      return posts
        .filter((post) => ('status' in filter ? post.status === filter.status : post.memberId === filter.memberId))
        .sort((a, b) => b.editedDate.localeCompare(a.editedDate))
        .map(listed);
    },

    async ensureAuthor(member) {
      if (await authors.byId(member.id)) return;
      await authors.add({ id: member.id, name: member.name });
    },
  };
}
