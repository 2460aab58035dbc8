import type { Author } from '@/lib/blog';
import type { Category, Post } from '@/lib/blog/types';
import { SITE_NAME, authorPath, categoryPath, postPath } from '@/lib/core/site';
import { absoluteUrl } from './site-urls';
import { heroImageUrl, postDescription, postTitle } from './post-metadata';
import { PAYWALL_CLASS } from '@/lib/blog/view';

/** A writer as schema.org's Person: their name and, when they have a page here, its URL; nothing private. */
export const personJsonLd = (author: Author) => ({
  '@type': 'Person',
  name: author.name,
  url: author.slug ? absoluteUrl(authorPath(author.slug)) : undefined,
});

export function blogPostingJsonLd(
  post: Post,
  categories: Category[],
  author: Author | null = null,
  siteName: string = SITE_NAME,
) {
  const url = absoluteUrl(postPath(post.slug, post.language));
  const image = heroImageUrl(post);
  const first = categories[0];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: postTitle(post),
      description: postDescription(post),
      url,
      mainEntityOfPage: url,
      datePublished: post.firstPublishedDate,
      dateModified: post.lastPublishedDate ?? post.firstPublishedDate,
      inLanguage: post.language ?? undefined,
      image: image ? [image.url] : undefined,
      keywords: post.hashtags.length ? post.hashtags.join(', ') : undefined,
      author: author ? personJsonLd(author) : undefined,
      publisher: { '@type': 'Organization', name: siteName, url: absoluteUrl('/') },
      wordCount: post.contentText ? post.contentText.split(/\s+/).filter(Boolean).length : undefined,
      // A paid post's preview (lib/blog/paywall.ts): paywalled content as search engines ask it be marked.
      ...(post.preview && {
        isAccessibleForFree: false,
        hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: `.${PAYWALL_CLASS}` },
      }),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: siteName, item: absoluteUrl('/') },
        ...(first
          ? [
              {
                '@type': 'ListItem',
                position: 2,
                name: first.label,
                item: absoluteUrl(categoryPath(first.slug, 1, first.language)),
              },
            ]
          : []),
        { '@type': 'ListItem', position: first ? 3 : 2, name: post.title, item: url },
      ],
    },
  ];
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export const serializeJsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
