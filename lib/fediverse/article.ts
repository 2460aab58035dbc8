import { Article, Hashtag, Image, PUBLIC_COLLECTION, type Context } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import type { Post } from '@/lib/blog/types';
import { hashtagPath, postPath } from '@/lib/core/site';
import type { RicosNode } from '@/lib/core/ricos/types';

// A post as the fediverse reads it: an Article (Mastodon shows its title, its summary and a link to the page; Ghost,
// Pixelfed and others its whole text) whose id is under `/ap/posts/{id}` and whose `url` is its page. Its content is
// the text everyone reads: a paid post's preview (the public source answers it, lib/blog/paywall.ts), never the rest.
// Hashtags are its tags, its cover its image; public, and addressed to the blog's followers.

/** What the Article needs of a post, read from the public source (`html`: its readable text as HTML). */
export interface ArticleSource {
  post: Post;
  html: string;
  /** The cover's absolute address, when it has one. */
  cover?: string;
}

export const ARTICLE_PATH = '/ap/posts/{id}';

const instant = (iso: string | null | undefined) => (iso ? Temporal.Instant.from(iso) : undefined);

export function articleOf(ctx: Context<void>, handle: string, siteUrl: string, source: ArticleSource): Article {
  const { post } = source;
  const language = post.language ?? undefined;
  const page = new URL(postPath(post.slug, language), siteUrl);
  return new Article({
    id: ctx.getObjectUri(Article, { id: post.id }),
    attribution: ctx.getActorUri(handle),
    name: post.title,
    summary: post.excerpt || null,
    content: source.html,
    url: page,
    published: instant(post.firstPublishedDate),
    updated: instant(post.lastPublishedDate),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(handle),
    tags: post.hashtags.map(
      (tag) => new Hashtag({ name: `#${tag}`, href: new URL(hashtagPath(tag, 1, language), siteUrl) }),
    ),
    ...(source.cover && { image: new Image({ url: new URL(source.cover) }) }),
  });
}

/** The nodes of a post's readable text (a paid post's preview: what the public source answered). */
export const readableNodes = (post: Post): RicosNode[] =>
  ((post.richContent as { nodes?: RicosNode[] } | undefined)?.nodes ?? []) as RicosNode[];
