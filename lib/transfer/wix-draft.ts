import type { draftPosts } from '@wix/blog';
import type { RicosNode } from '@/lib/core/ricos/types';
import type { SourcePost } from './types';
import { wixImageId } from './wix-media';

// One imported post as a Wix draft post (DraftPost, @wix/auto_sdk_blog_draft-posts build/cjs/index.typings.d.ts:4-141)
// and what an earlier run's draft differs from it in. The fields (each line is the field's; Wix's limit just above
// it): `title` :15 (at most 200), `excerpt` :23 (500), `featured` :25, `categoryIds` :31 (at most 10), `memberId` :36
// ("Draft post owner's member ID"), `commentingEnabled` :44, `tagIds` :57 (at most 30), `pricingPlanIds` :69,
// `language` :87, `richContent` :95, `firstPublishedDate` :119 (settable: the post keeps its own date), `seoData`
// :121, `seoSlug` :136 (at most 100) and `media`, the cover, :138 (Media :3116, its `wixMedia.image` a string,
// WixMedia :3139-3144, which the SDK turns from `wix:image://v1/…` into Wix's `{ id, width, height }`). `status`
// :100 and `scheduledPublishDate` :117 are read-only: a post is published by `publish` on creation, scheduled by
// updateDraftPost's UPDATE_SCHEDULE. A draft has no `pinned` (the published post's, and no call sets it).

export type Wanted = 'PUBLISHED' | 'SCHEDULED' | 'UNPUBLISHED';

export interface PlannedPost {
  source: SourcePost;
  slug: string;
  /** The fields a new draft is created with (`title` required). */
  fields: draftPosts.DraftPost & { title: string };
  wanted: Wanted;
  /** A scheduled post's date (ahead of `now`). */
  scheduledAt?: Date;
}

export const LIMITS = { title: 200, excerpt: 500, categories: 10, tags: 30, slug: 100 } as const;

/** What an earlier run's draft differs from a planned post in: the fields to send again. */
export type Changes = draftPosts.UpdateDraftPost;

/**
 * A document's shape as an import can compare it: each node's type, text, marks and links, and media sources, in
 * order. Wix keeps the import's nodes but may add its defaults (node ids, data fields): those are not changes.
 */
export function contentSignature(nodes: readonly unknown[] | undefined): string {
  const sources = (value: unknown, out: string[]) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'nodes') continue;
      const src = key === 'src' && child && typeof child === 'object' ? (child as Record<string, unknown>) : null;
      if (src) out.push(String(src.id ?? src.url ?? ''));
      else sources(child, out);
    }
  };
  const shape = (node: unknown): unknown[] => {
    const n = (node ?? {}) as { type?: string; textData?: draftPosts.TextData; nodes?: unknown[] };
    const marks = (n.textData?.decorations ?? []).map((d) => `${d.type}:${d.linkData?.link?.url ?? ''}`).sort();
    const media: string[] = [];
    sources(node, media);
    return [n.type, n.textData?.text ?? '', marks, media, (n.nodes ?? []).map(shape)];
  };
  return JSON.stringify((nodes ?? []).map(shape));
}

const sameSet = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...(b ?? [])].sort());

/** The SEO title and description a draft's `seoData` holds (its `title` tag, its `description` meta tag). */
export function seoTexts(seo: draftPosts.SeoSchema | undefined): { title?: string; description?: string } {
  const tags = seo?.tags ?? [];
  const title = tags.find((t) => t.type === 'title')?.children;
  const description = tags.find((t) => t.type === 'meta' && t.props?.name === 'description')?.props?.content;
  return { title: title || undefined, description: typeof description === 'string' ? description : undefined };
}

/**
 * A post's SEO title and description as Wix's `seoData` tags. Not `custom`: Wix refuses a `title` tag sent with
 * `custom: true` (TAG_TYPE_NOT_ALLOWED: SeoSchema's Tag, index.typings.d.ts:3039-3101, its `custom` :3098).
 */
export function seoDataOf(post: SourcePost): draftPosts.SeoSchema | undefined {
  if (!post.seoTitle && !post.seoDescription) return undefined;
  return {
    tags: [
      ...(post.seoTitle ? [{ type: 'title', children: post.seoTitle }] : []),
      ...(post.seoDescription ? [{ type: 'meta', props: { name: 'description', content: post.seoDescription } }] : []),
    ],
  };
}

/** The fields of `planned` an earlier run's `draft` (read with RICH_CONTENT) holds otherwise; empty when none. */
export function changesOf(draft: draftPosts.DraftPost, planned: PlannedPost): Changes {
  const want = planned.fields;
  const changes: Changes = {};
  if (draft.title !== want.title) changes.title = want.title;
  if (want.excerpt && draft.excerpt !== want.excerpt) changes.excerpt = want.excerpt;
  if (Boolean(draft.featured) !== Boolean(want.featured)) changes.featured = want.featured;
  if ((draft.commentingEnabled ?? true) !== (want.commentingEnabled ?? true))
    changes.commentingEnabled = want.commentingEnabled;
  if (!sameSet(draft.categoryIds, want.categoryIds)) changes.categoryIds = want.categoryIds;
  if (!sameSet(draft.tagIds, want.tagIds)) changes.tagIds = want.tagIds;
  if (want.pricingPlanIds && !sameSet(draft.pricingPlanIds, want.pricingPlanIds))
    changes.pricingPlanIds = want.pricingPlanIds;
  if (want.language && draft.language !== want.language) changes.language = want.language;
  const cover = wixImageId(want.media?.wixMedia?.image);
  if (cover && wixImageId(draft.media?.wixMedia?.image) !== cover) changes.media = want.media;
  const seo = seoTexts(want.seoData);
  const had = seoTexts(draft.seoData);
  if (want.seoData && (seo.title !== had.title || seo.description !== had.description)) changes.seoData = want.seoData;
  if (contentSignature(draft.richContent?.nodes) !== contentSignature(want.richContent?.nodes))
    changes.richContent = want.richContent;
  return changes;
}

const time = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value ?? '')));

/**
 * The updateDraftPost `action` (Action, index.typings.d.ts:3576-3591) that brings an earlier run's draft where the
 * export wants it, or null when it already is and nothing changed. A post published on this site stays published
 * when the export has it as a draft (someone published it here): its changes are kept as its unpublished edits.
 */
export function actionFor(
  draft: draftPosts.DraftPost,
  planned: PlannedPost,
  changed: boolean,
): draftPosts.ActionWithLiterals | null {
  const status = draft.status;
  if (planned.wanted === 'PUBLISHED') return changed || status !== 'PUBLISHED' ? 'UPDATE_PUBLISH' : null;
  if (status === 'PUBLISHED') return changed ? 'UPDATE_PUBLICATION' : null;
  if (planned.wanted === 'SCHEDULED') {
    const same = status === 'SCHEDULED' && time(draft.scheduledPublishDate) === planned.scheduledAt?.getTime();
    return changed || !same ? 'UPDATE_SCHEDULE' : null;
  }
  if (status === 'SCHEDULED') return 'UPDATE_CANCEL_SCHEDULE';
  return changed ? 'UPDATE' : null;
}

/** A text cut to Wix's limit, and whether it was. */
export const cut = (text: string, max: number) => ({ text: text.slice(0, max), cut: text.length > max });

/** The nodes as the SDK types them (the converter's are Ricos JSON of the same shape). */
export const richContentOf = (nodes: RicosNode[]) => ({ nodes }) as draftPosts.RichContent;
