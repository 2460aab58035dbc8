import type { Author } from '@/lib/blog';
import { getAuthor, getAuthorBySlug, listPosts } from '@/lib/blog/reads';
import { isCatalogueError } from '@/lib/core/errors';
import { decodeSegment } from '@/lib/core/site';
import { type Language, MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { type Listing, listingPage } from './listing';

// A writer's page (`/authors/<slug>`): their public profile and their posts, paged as the category and tag pages are.
// A member who wrote nothing public has no page (404), so member profiles cannot be browsed through it.

export interface AuthorPage {
  author: Author;
  listing: Listing;
}

/** The writer whose slug the segment names, with page `page` of their posts; null when there is no such page. */
export async function authorPage(
  segment: string,
  page: number,
  language: Language = MAIN_LANGUAGE,
): Promise<AuthorPage | null> {
  const author = await getAuthorBySlug(decodeSegment(segment));
  if (!author?.slug) return null;
  const listing = await listingPage({ memberId: author.id, language }, page);
  if (!listing || listing.total === 0) return null;
  return { author, listing };
}

/** Posts read to find the writers worth prerendering: the newest ones' authors. */
const STATIC_POSTS = 100;

/** The slugs of the writers of the newest posts, to prerender; one placeholder when there are none. */
export async function authorStaticParams(language: Language = MAIN_LANGUAGE): Promise<{ slug: string }[]> {
  const { items } = await listPosts({ language, sort: 'PUBLISHED_DATE_DESC', paging: { limit: STATIC_POSTS } });
  const ids = [...new Set(items.flatMap((p) => p.memberId ?? []))];
  const authors = await Promise.all(ids.map((id) => getAuthor(id)));
  const slugs = authors.flatMap((a) => a?.slug ?? []);
  return slugs.length ? slugs.map((slug) => ({ slug })) : [{ slug: 'none' }];
}

/**
 * A post's writer, for its byline, JSON-LD and feed line. A writer is extra: a post whose member the platform does
 * not know, or whose profile cannot be read now, shows without one rather than fail.
 */
export async function authorOf(memberId: string | undefined): Promise<Author | null> {
  if (!memberId) return null;
  try {
    return await getAuthor(memberId);
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    console.warn(JSON.stringify({ msg: 'author unavailable', memberId, error: error.message }));
    return null;
  }
}

/** The writers of `memberIds`, each read once (a feed's posts share a handful of writers). */
export async function authorsOf(memberIds: (string | undefined)[]): Promise<Map<string, Author>> {
  const ids = [...new Set(memberIds.filter((id): id is string => Boolean(id)))];
  const found = await Promise.all(ids.map(async (id) => [id, await authorOf(id)] as const));
  return new Map(found.flatMap(([id, author]) => (author ? [[id, author] as const] : [])));
}
