import { randomUUID } from 'node:crypto';
import type { draftPosts } from '@wix/blog';
import { isRecord } from '@/lib/core/json';
import { postPath } from '@/lib/core/site';
import type { RichNode } from '../types';
import { type WixContext, defined } from '../wix/client';
import { taxonomyMethods } from '../wix/taxonomy';
import { seoTexts } from './seo';
import type { DeskInput, DeskListed, DeskPort, DeskPost, Review } from './types';
import { deskErrors } from './types';
import { errors } from '@/lib/core/errors';

// The desk's port on a Wix site: the Blog's Draft Posts API through @wix/blog's typed `draftPosts` module (its
// index.typings.d.ts: createDraftPost, updateDraftPost with its `action`, publishDraftPost, deleteDraftPost,
// restoreFromTrashBin, listDeletedDraftPosts). Drafts need the site's own authority (WIX_API_KEY): a visitor's token
// reads published posts only. A draft and its post share an id. What Wix answers is read into the editor's post; the
// site's own address for it (SITE_URL and the post's path) once it is published. Images the editor uploads go into
// the site's Media Manager through @wix/media's `files` module (generateFileUploadUrl, then Wix's Upload API).

/** The MIME type of each image the desk takes (its extension: service.ts IMAGE_FORMATS). */
const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The fields every read and write asks for: the body and the post's URL. */
const FIELDSETS: draftPosts.FieldWithLiterals[] = ['RICH_CONTENT', 'URL'];

const iso = (value: unknown): string | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return typeof value === 'string' && value ? value : null;
};

/** The editor's post from Wix's DraftPost (in the SDK's shape: `_id`, dates as Date). */
function deskPostOf(draft: draftPosts.DraftPost, siteUrl: string): DeskPost {
  const status =
    draft.status === 'PUBLISHED' || draft.status === 'SCHEDULED' || draft.status === 'IN_REVIEW'
      ? draft.status
      : 'UNPUBLISHED';
  const language = draft.language ?? 'en';
  const slug = draft.seoSlug ?? draft._id ?? '';
  return {
    id: draft._id ?? '',
    title: draft.title ?? '',
    slug,
    excerpt: draft.excerpt ?? '',
    status,
    language,
    nodes: ((isRecord(draft.richContent) ? draft.richContent.nodes : undefined) ?? []) as unknown as RichNode[],
    categoryIds: draft.categoryIds ?? [],
    tagIds: draft.tagIds ?? [],
    featured: draft.featured === true,
    // Pinning is the published post's (Posts API), not the draft's.
    pinned: false,
    // A Wix draft's cover is a Wix Media id (`media.wixMedia.image`), set in Wix's editor or Media Manager.
    coverImage: null,
    memberId: draft.memberId ?? null,
    hashtags: draft.hashtags ?? [],
    ...seoTexts(draft.seoData),
    pricingPlanIds: draft.pricingPlanIds ?? [],
    // Wix keeps a paid post's preview in its own editor's paywall, not as a field of the draft.
    previewBlocks: null,
    scheduledPublishDate: iso(draft.scheduledPublishDate),
    firstPublishedDate: iso(draft.firstPublishedDate),
    editedDate: iso(draft.editedDate) ?? '',
    hasUnpublishedChanges: draft.hasUnpublishedChanges === true,
    url: status === 'PUBLISHED' ? `${siteUrl}${postPath(slug, language)}` : null,
    review: reviewOf(draft),
  };
}

/**
 * A writer's draft's review from Wix's `moderationDetails` (submittedBy, submittedDate, status UNKNOWN / APPROVED /
 * REJECTED, moderationDate: ModerationDetails in @wix/auto_sdk_blog_draft-posts); null when never submitted.
 */
function reviewOf(draft: draftPosts.DraftPost): Review | null {
  const details = draft.moderationDetails;
  const submittedDate = iso(details?.submittedDate);
  if (!details?.submittedBy || !submittedDate) return null;
  return {
    submittedBy: details.submittedBy,
    submittedDate,
    status: details.status === 'APPROVED' || details.status === 'REJECTED' ? details.status : 'IN_REVIEW',
    moderationDate: iso(details.moderationDate),
    // Wix keeps no note with a rejection.
    note: null,
  };
}

/** A DraftPost's fields from what the editor sent (those it left out are left as they are). */
const draftFields = (input: DeskInput) => ({
  title: input.title,
  richContent: { nodes: input.nodes } as draftPosts.RichContent,
  ...defined({
    excerpt: input.excerpt || undefined,
    seoSlug: input.slug,
    categoryIds: input.categoryIds,
    tagIds: input.tagIds,
    featured: input.featured,
    language: input.language,
    hashtags: input.hashtags,
    pricingPlanIds: input.pricingPlanIds,
  }),
});

/** The desk's port over the Wix site of `context`; `siteUrl` makes the posts' addresses on this site. */
export function wixDeskPort(context: WixContext, siteUrl: string): DeskPort {
  const { client, call, get, writes, hasApiKey } = context;
  const taxonomy = taxonomyMethods(context);
  const requireKey = () => {
    if (!hasApiKey)
      throw deskErrors.notHere(
        "writing posts needs WIX_API_KEY (with WIX_SITE_ID): a visitor's access reads published posts only",
      );
  };
  const post = (draft: draftPosts.DraftPost | undefined, what: string) => {
    if (!draft?._id) throw deskErrors.notHere(`Wix answered ${what} without the draft`);
    return deskPostOf(draft, siteUrl);
  };
  /** An update of the draft: its fields (none for a lifecycle step) and Wix's `action`. */
  const update = async (
    id: string,
    fields: draftPosts.UpdateDraftPost,
    action: draftPosts.ActionWithLiterals,
    extra: { scheduledPublishDate?: Date } = {},
  ) => {
    requireKey();
    const response = await call('updateDraftPost', () =>
      client.draftPosts.updateDraftPost(id, fields, { action, fieldsets: FIELDSETS, ...extra }),
    );
    return post(response.draftPost, 'updateDraftPost');
  };
  const open = async (id: string) => {
    requireKey();
    const response = await get('getDraftPost', id, (segment) =>
      client.draftPosts.getDraftPost(segment, { fieldsets: FIELDSETS }),
    );
    return response?.draftPost ? deskPostOf(response.draftPost, siteUrl) : null;
  };

  /**
   * A new post that translates `of` (the original's draft id): Wix makes the draft in the language, in the original's
   * translation group (`translateDraft(postId, language)`: "Translates a draft post into the specified language",
   * @wix/auto_sdk_blog_draft-posts; Wix Multilingual), and the editor's text is saved into it (UPDATE). An original
   * Wix has no draft of is a 400, and nothing is made.
   */
  async function translation(input: DeskInput, of: string): Promise<DeskPost> {
    const original = await open(of);
    if (!original) throw errors.badValue(`no post "${of}" to translate: name the original by its id`);
    const language = input.language ?? original.language;
    if (language === original.language) throw errors.badValue(`the original is already in "${language}"`);
    const response = await call('translateDraft', () =>
      client.draftPosts.translateDraft(original.id, language, { fieldsets: FIELDSETS }),
    );
    const made = post(response.draftPost, 'translateDraft');
    const { language: _, translationOf: __, ...edits } = input;
    return update(made.id, draftFields(edits), 'UPDATE');
  }

  async function publish(current: DeskPost): Promise<DeskPost> {
    requireKey();
    await call('publishDraftPost', () => client.draftPosts.publishDraftPost(current.id));
    return (await open(current.id)) ?? { ...current, status: 'PUBLISHED' };
  }

  return {
    open,

    async create(input) {
      requireKey();
      if (input.translationOf) return translation(input, input.translationOf);
      const response = await call('createDraftPost', () =>
        client.draftPosts.createDraftPost(draftFields(input), { fieldsets: FIELDSETS }),
      );
      return post(response.draftPost, 'createDraftPost');
    },

    // A draft's edits are saved (UPDATE); a published post's are kept as its draft version, the post still published
    // as it was (UPDATE_PUBLICATION), or published with them ("Update": UPDATE_PUBLISH).
    save: (current, input) => {
      // Kept by Wix's own editor: said, rather than saved without them.
      const changed = (key: 'seoTitle' | 'seoDescription' | 'previewBlocks') =>
        input[key] !== undefined && input[key] !== current[key];
      if (changed('seoTitle') || changed('seoDescription'))
        throw deskErrors.notHere("a Wix post's SEO title and description are set in Wix's editor (SEO settings)");
      if (input.memberId !== undefined && input.memberId !== current.memberId)
        throw deskErrors.notHere("a Wix post's writer is the member who writes it in Wix");
      if (input.coverImage !== undefined && JSON.stringify(input.coverImage) !== JSON.stringify(current.coverImage))
        throw deskErrors.notHere("a Wix post's cover image is set in Wix's editor, from its Media Manager");
      if (changed('previewBlocks'))
        throw deskErrors.notHere("a Wix post's preview is cut in Wix's editor (its paywall), not here");
      return update(
        current.id,
        draftFields(input),
        current.status !== 'PUBLISHED' ? 'UPDATE' : input.publish ? 'UPDATE_PUBLISH' : 'UPDATE_PUBLICATION',
      );
    },

    publish,
    unpublish: (current) => update(current.id, {}, 'UPDATE_REVERT_TO_DRAFT'),
    schedule: (current, at) => update(current.id, {}, 'UPDATE_SCHEDULE', { scheduledPublishDate: new Date(at) }),
    unschedule: (current) => update(current.id, {}, 'UPDATE_CANCEL_SCHEDULE'),

    async trash(current) {
      requireKey();
      await call('deleteDraftPost', () => client.draftPosts.deleteDraftPost(current.id));
    },

    async restore(id) {
      requireKey();
      const response = await get('restoreFromTrashBin', id, (segment) =>
        client.draftPosts.restoreFromTrashBin(segment),
      );
      return response?.draftPost ? deskPostOf(response.draftPost, siteUrl) : null;
    },

    // Wix lists its trash bin newest first (editedDate, the deletion's date, descending).
    async trashed() {
      requireKey();
      const response = await call('listDeletedDraftPosts', () =>
        client.draftPosts.listDeletedDraftPosts({ paging: { limit: 100 } }),
      );
      return (response.draftPosts ?? []).map((draft) => ({
        id: draft._id ?? '',
        title: draft.title ?? '',
        deletedDate: iso(draft.editedDate) ?? '',
      }));
    },

    async terms() {
      const [categories, tags] = await Promise.all([taxonomy.listCategories(), taxonomy.listTags()]);
      const term = (t: { id: string; label?: string | null; slug?: string; language?: string | null }) => ({
        id: t.id,
        label: t.label ?? t.slug ?? t.id,
        language: t.language ?? 'en',
      });
      return { categories: categories.map(term), tags: tags.map(term), writers: null };
    },

    // An image into the site's Media Manager (@wix/media `files`): an upload address for its type and name
    // (generateFileUploadUrl, POST /site-media/v1/files/generate-upload-url), then the bytes PUT there with
    // `?filename=` (Wix's Upload API: "the response contains the uploaded file's descriptor", `file: { id, url }`).
    // The size is the one the service decoded; Wix's own is read from the file once it is processed.
    async upload(bytes, image) {
      requireKey();
      const mimeType = IMAGE_TYPES[image.extension] ?? 'application/octet-stream';
      const fileName = `upload-${randomUUID().slice(0, 8)}.${image.extension}`;
      const { uploadUrl } = await call('generateFileUploadUrl', () =>
        client.files.generateFileUploadUrl(mimeType, { fileName, sizeInBytes: String(bytes.length) }),
      );
      if (typeof uploadUrl !== 'string' || !/^https:\/\//.test(uploadUrl))
        throw deskErrors.notHere('Wix answered the upload without an https address: nothing was uploaded');
      const target = new URL(uploadUrl);
      target.searchParams.set('filename', fileName);
      const response = await call('the upload', () =>
        writes(target.href, { method: 'PUT', headers: { 'content-type': mimeType }, body: new Uint8Array(bytes) }),
      );
      const answer = (await response.json().catch(() => null)) as { file?: { id?: unknown; url?: unknown } } | null;
      if (!response.ok || typeof answer?.file?.url !== 'string' || typeof answer.file.id !== 'string')
        throw deskErrors.notHere(`Wix did not take the upload (${response.status}): nothing was added`);
      return { id: answer.file.id, url: answer.file.url, width: image.width, height: image.height };
    },

    // A Wix site's writers are its members with Wix's writer role: they write and submit in Wix's own editor (the
    // Blog's member area), and their drafts come IN_REVIEW. The owner's review is the site's: approved is published
    // (publishDraftPost), rejected goes back to its writer (updateDraftPost, action UPDATE_REJECT).
    async submit() {
      throw deskErrors.notHere("on a Wix site, writers submit their posts for review from Wix's editor");
    },
    approve: publish,
    reject: (current) => update(current.id, {}, 'UPDATE_REJECT'),

    async list(filter) {
      requireKey();
      const response = await call('queryDraftPosts', () =>
        client.draftPosts.queryDraftPosts({
          filter: 'status' in filter ? { status: filter.status } : { memberId: filter.memberId },
          sort: [{ fieldName: 'editedDate', order: 'DESC' }],
          cursorPaging: { limit: 100 },
        } as draftPosts.DraftPostQuery),
      );
      return (response.draftPosts ?? []).map((draft): DeskListed => {
        const post = deskPostOf(draft, siteUrl);
        const { id, title, status, memberId, editedDate, review, url } = post;
        return { id, title, status, memberId, editedDate, review, url };
      });
    },

    // A Wix post's writer is a Wix member: their byline is their member profile.
    async ensureAuthor() {},
  };
}
