import { randomUUID } from 'node:crypto';
import type { RawPost } from '@/lib/blog/tools';
import {
  excerptOf,
  isSlug,
  minutesToRead,
  plainText,
  published,
  scheduled,
  slugify,
  type translationOf,
} from '@/lib/blog/tools';
import { postPath } from '@/lib/core/site';
import type { RicosNode } from '@/lib/core/ricos/types';
import type { SourcePost } from './types';

// One imported post as the content folder keeps it (the fields `npm run blog -- create` writes, scripts/blog/posts.ts),
// made from the source's post and its converted content. Its status: published as the source published it (its own
// date, never "now": an import mails no newsletter, lib/newsletter/send-plan.ts), scheduled while its date is ahead,
// a draft otherwise (a private, password-protected or pending post is never published by an import, and the report
// says which). A draft or scheduled post that went out before keeps its publication dates when the source gives them
// (as the site keeps an unpublished post's); a translation joins its group (`translation`: apply.ts finds it).

/** A member of a translation group as the others list it (lib/blog/local/translations.ts `translationOf`). */
export type TranslationEntry = ReturnType<typeof translationOf>;

export interface PostParts {
  id: string;
  slug: string;
  language: string;
  nodes: RicosNode[];
  categoryIds: string[];
  tagIds: string[];
  memberId?: string;
  cover?: { url: string; alt?: string; width?: number; height?: number };
  /** Its translation group: the id the group shares, and the other members as each lists the others. */
  translation?: { translationId: string; translations: TranslationEntry[] };
  pricingPlanIds?: string[];
  siteUrl: string;
  now: Date;
}

/** The slug a source's post asks for, made into one this site takes (lower-case ASCII words joined by hyphens). */
export function wantedSlug(post: SourcePost): string {
  let slug = post.slug ?? '';
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // Kept as written.
  }
  return isSlug(slug) ? slug : slugify(slug || post.title || post.sourceId);
}

export function postRecord(post: SourcePost, parts: PostParts, before: RawPost | null): RawPost {
  const contentText = plainText(parts.nodes as Parameters<typeof plainText>[0]);
  const date = post.publishedDate ?? post.updatedDate ?? parts.now.toISOString();
  const cover = parts.cover;
  const image = cover && {
    id: cover.url.replace(/^\/media\//, ''),
    url: cover.url,
    ...(cover.width && cover.height && { width: cover.width, height: cover.height }),
    altText: cover.alt ?? '',
  };
  const record: RawPost = {
    id: parts.id,
    title: post.title,
    slug: parts.slug,
    excerpt: post.excerpt?.trim() || excerptOf(contentText),
    status: 'UNPUBLISHED',
    language: parts.language,
    featured: post.featured ?? false,
    pinned: post.pinned ?? false,
    categoryIds: parts.categoryIds,
    tagIds: parts.tagIds,
    hashtags: [],
    ...(parts.memberId && { memberId: parts.memberId }),
    commentingEnabled: post.commentingEnabled ?? true,
    minutesToRead: minutesToRead(contentText),
    relatedPostIds: [],
    ...(parts.translation && {
      translationId: parts.translation.translationId,
      translations: parts.translation.translations,
    }),
    url: { base: parts.siteUrl, path: postPath(parts.slug, parts.language as never) },
    // The counts a reader's like or view adds to are the site's: a second import keeps them.
    metrics: (before?.metrics as RawPost['metrics']) ?? { views: 0, likes: 0, comments: 0 },
    contentText,
    richContent: {
      nodes: parts.nodes,
      metadata: {
        version: 1,
        createdTimestamp: date,
        updatedTimestamp: post.updatedDate ?? date,
        id: ((before?.richContent as { metadata?: { id?: string } })?.metadata?.id as string) ?? randomUUID(),
      },
    },
    ...(image && { heroImage: image, media: { wixMedia: { image }, displayed: true, custom: true } }),
    ...(parts.pricingPlanIds?.length && { pricingPlanIds: parts.pricingPlanIds }),
    ...(post.seoTitle || post.seoDescription
      ? {
          seoData: {
            tags: [
              ...(post.seoTitle ? [{ type: 'title', children: post.seoTitle, custom: true }] : []),
              ...(post.seoDescription
                ? [{ type: 'meta', props: { name: 'description', content: post.seoDescription }, custom: true }]
                : []),
            ],
          },
        }
      : {}),
  };
  const first = post.firstPublishedDate;
  if (post.status === 'published')
    return published(
      { ...record, firstPublishedDate: first ?? date },
      post.lastPublishedDate ?? post.updatedDate ?? date,
    );
  // What went out before, as the source says: kept by a draft, and by a scheduled post until it goes out again.
  const wentOut = first ? { firstPublishedDate: first, lastPublishedDate: post.lastPublishedDate ?? first } : {};
  if (post.status === 'scheduled') {
    return Date.parse(date) > parts.now.getTime()
      ? scheduled({ ...record, ...wentOut }, date)
      : published({ ...record, firstPublishedDate: first ?? date }, date);
  }
  return { ...record, ...wentOut };
}

/** Two records equal but for what an import does not decide (the content's metadata id, kept anyway). */
export const sameRecord = (a: RawPost, b: RawPost) => JSON.stringify(a) === JSON.stringify(b);
