import { randomUUID } from 'node:crypto';
import type { RawPost } from '@/lib/blog/tools';
import { excerptOf, isSlug, minutesToRead, plainText, published, scheduled, slugify } from '@/lib/blog/tools';
import { postPath } from '@/lib/core/site';
import type { RicosNode } from '../../content/ricos/types';
import type { SourcePost } from './types';

// One imported post as the content folder keeps it (the fields `npm run blog -- create` writes, scripts/blog/posts.ts),
// made from the source's post and its converted content. Its status: published as the source published it (its own
// date, never "now": an import mails no newsletter, lib/newsletter/send-plan.ts), scheduled while its date is ahead,
// a draft otherwise (a private, password-protected or pending post is never published by an import, and the report
// says which).

export interface PostParts {
  id: string;
  slug: string;
  language: string;
  nodes: RicosNode[];
  categoryIds: string[];
  tagIds: string[];
  memberId?: string;
  cover?: { url: string; alt?: string };
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
  const image = parts.cover && {
    id: parts.cover.url.replace(/^\/media\//, ''),
    url: parts.cover.url,
    altText: parts.cover.alt ?? '',
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
  if (post.status === 'published') return published({ ...record, firstPublishedDate: date }, post.updatedDate ?? date);
  if (post.status === 'scheduled') {
    return Date.parse(date) > parts.now.getTime()
      ? scheduled(record, date)
      : published({ ...record, firstPublishedDate: date }, date);
  }
  return record;
}

/** Two records equal but for what an import does not decide (the content's metadata id, kept anyway). */
export const sameRecord = (a: RawPost, b: RawPost) => JSON.stringify(a) === JSON.stringify(b);
