import type { Metadata } from 'next';
import { isMediaFileUrl, postImage, postVideo, resolveImage } from '@/lib/blog/view';
import type { Post } from '@/lib/blog/types';
import { SITE_NAME, postPath, rssAlternate } from '@/lib/core/site';
import { absoluteUrl } from './site-urls';

const seoTag = (post: Post, type: string, name?: string) =>
  post.seoData?.tags.find(
    (t) => !t.disabled && t.type === type && (!name || t.props?.name === name || t.props?.property === name),
  );

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "Title | Site", "Title - Site", "Title — Site"...: the site's name as an author may have added it by hand. */
const siteSuffix = (siteName: string) => new RegExp(`\\s*[|·•—–:-]\\s*${escapeRegExp(siteName)}\\s*$`, 'i');

/** The SEO title as the author set it, without a site name they appended, else the post's title. */
const seoTitle = (post: Post, siteName: string) =>
  seoTag(post, 'title')?.children?.trim().replace(siteSuffix(siteName), '').trim() || undefined;

export const postTitle = (post: Post, siteName: string = SITE_NAME) => seoTitle(post, siteName) ?? post.title;

/** The document title: one separator everywhere, the site's name (the owner's setting) once. */
export const documentTitle = (post: Post, siteName: string = SITE_NAME) => `${postTitle(post, siteName)} · ${siteName}`;

export const postDescription = (post: Post) => {
  const content = seoTag(post, 'meta', 'description')?.props?.content;
  return (typeof content === 'string' && content.trim()) || post.excerpt;
};

/** The hero image as an absolute URL, for cards and feeds. */
export function heroImageUrl(post: Post): { url: string; width?: number; height?: number; alt: string } | null {
  const image = postImage(post);
  const resolved = image && resolveImage(image.url ?? image.id, { width: image.width, height: image.height });
  if (!resolved) return null;
  const url = resolved.src.startsWith('/') ? absoluteUrl(resolved.src) : resolved.src;
  return { url, width: resolved.width, height: resolved.height, alt: image.altText ?? '' };
}

/** `og:video` for a cover video whose source is public: an http(s) file a player can load (a page URL is not one). */
function coverVideo(post: Post) {
  const video = postVideo(post);
  if (!video?.url || !isMediaFileUrl(video.url)) return undefined;
  return [{ url: video.url, width: video.width, height: video.height }];
}

/**
 * A post's metadata; `languages` its `hreflang` links (lib/edge/seo/alternates.ts `languageAlternates` of
 * lib/edge/pages/languages.ts `postAlternates`: the post, its translations and x-default).
 */
export function postMetadata(
  post: Post,
  languages?: Record<string, string>,
  site: { title: string; socialImage?: string } = { title: SITE_NAME },
): Metadata {
  const title = postTitle(post, site.title);
  const description = postDescription(post);
  const image = heroImageUrl(post);
  const path = postPath(post.slug, post.language);
  const keywords = post.seoData?.settings?.keywords?.map((k) => k.term);
  return {
    title: { absolute: documentTitle(post, site.title) },
    description,
    keywords: keywords?.length ? keywords : undefined,
    alternates: {
      canonical: path,
      languages,
      types: rssAlternate(post.language),
    },
    openGraph: {
      type: 'article',
      siteName: site.title,
      title,
      description,
      url: path,
      locale: post.language ?? undefined,
      publishedTime: post.firstPublishedDate,
      modifiedTime: post.lastPublishedDate,
      images: image
        ? [{ url: image.url, width: image.width, height: image.height, alt: image.alt }]
        : site.socialImage
          ? [{ url: site.socialImage }]
          : undefined,
      videos: coverVideo(post),
    },
    twitter: {
      card: image || site.socialImage ? 'summary_large_image' : 'summary',
      title,
      description,
      images: image ? [image.url] : site.socialImage ? [site.socialImage] : undefined,
    },
  };
}
