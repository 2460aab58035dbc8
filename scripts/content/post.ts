import { uuidFrom } from '@/lib/core/random';
import { minutesToRead, plainText } from '@/lib/blog/tools';
import { assignIds } from '@/lib/core/ricos/document';
import type { MediaFile, RicosNode } from '@/lib/core/ricos/types';
import { postPath } from '@/lib/core/site';
import { SITE_BASE, imageJson } from './taxonomy';

export type PostStatus = 'PUBLISHED' | 'UNPUBLISHED' | 'SCHEDULED';

export interface PostInput {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  language?: string;
  status?: PostStatus;
  /** `published` is absent on a draft that never went out; a scheduled post carries its future date. */
  dates: { created: string; published?: string; updated?: string };
  featured?: boolean;
  pinned?: boolean;
  categoryIds: string[];
  tagIds: string[];
  hashtags: string[];
  memberId: string;
  commentingEnabled?: boolean;
  relatedPostIds?: string[];
  translation?: { id: string; others: Array<{ id: string; language: string; slug: string }> };
  seo?: { title: string; description: string; keywords: string[] };
  image: MediaFile;
  nodes: RicosNode[];
  metrics: { views: number; likes: number; comments: number };
}

/** The post's page on the site: the main language's at the root, another's under its prefix (`/es/post/...`). */
const postUrl = (slug: string, language?: string) => ({ base: SITE_BASE, path: postPath(slug, language) });

const seoData = ({ title, description, keywords }: NonNullable<PostInput['seo']>) => ({
  tags: [
    { type: 'title', children: title, custom: true, disabled: false },
    { type: 'meta', props: { name: 'description', content: description }, custom: true, disabled: false },
  ],
  settings: {
    preventAutoRedirect: false,
    keywords: keywords.map((term, index) => ({ term, isMain: index === 0, origin: 'USER' })),
  },
});

/** A post in the Wix Blog REST v3 shape, with everything derived from the content filled in. */
export function buildPost(input: PostInput) {
  const nodes = assignIds(input.nodes, input.id);
  const contentText = plainText(nodes);
  const hero = imageJson(input.image);
  const published = input.dates.published;
  return {
    id: input.id,
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    status: input.status ?? 'PUBLISHED',
    language: input.language ?? 'en',
    ...(published && { firstPublishedDate: published, lastPublishedDate: input.dates.updated ?? published }),
    featured: input.featured ?? false,
    pinned: input.pinned ?? false,
    categoryIds: input.categoryIds,
    tagIds: input.tagIds,
    hashtags: input.hashtags,
    memberId: input.memberId,
    commentingEnabled: input.commentingEnabled ?? true,
    minutesToRead: minutesToRead(contentText),
    relatedPostIds: input.relatedPostIds ?? [],
    ...(input.translation && {
      translationId: input.translation.id,
      translations: input.translation.others.map(({ id, language, slug }) => ({
        id,
        language,
        slug,
        url: postUrl(slug, language),
      })),
    }),
    url: postUrl(input.slug, input.language),
    media: { wixMedia: { image: hero }, displayed: true, custom: false },
    heroImage: hero,
    ...(input.seo && { seoData: seoData(input.seo) }),
    metrics: input.metrics,
    contentText,
    richContent: {
      nodes,
      metadata: {
        version: 1,
        createdTimestamp: input.dates.created,
        updatedTimestamp: input.dates.updated ?? published ?? input.dates.created,
        id: uuidFrom(`rich-content:${input.id}`),
      },
    },
  };
}

export type PostJson = ReturnType<typeof buildPost>;
