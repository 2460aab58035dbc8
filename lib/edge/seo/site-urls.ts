import { type PostRef, getAuthor, listCategories, listPostRefs, listTags } from '@/lib/blog/reads';
import { config } from '@/lib/core/config';
import type { Language } from '@/lib/core/i18n/languages';
import { authorPath, categoryPath, feedPath, postPath, tagPath } from '@/lib/core/site';
import type { SitemapEntry } from './sitemap';

/** An absolute URL on the public site, for canonical links, feeds and the sitemap. */
export const absoluteUrl = (path: string) => `${config().siteUrl}${path.startsWith('/') ? path : `/${path}`}`;

/** The writers' pages, each dated by their newest post (posts come newest first); an unreadable profile is left out. */
async function authorUrls(posts: PostRef[], language: Language): Promise<SitemapEntry[]> {
  const newest = new Map<string, string | undefined>();
  for (const p of posts) if (p.memberId && !newest.has(p.memberId)) newest.set(p.memberId, p.lastModified);
  const authors = await Promise.all([...newest.keys()].map((id) => getAuthor(id).catch(() => null)));
  return authors.flatMap((a) =>
    a?.slug ? [{ url: absoluteUrl(authorPath(a.slug, 1, language)), lastModified: newest.get(a.id) }] : [],
  );
}

/** Every public URL of one language worth indexing: its home, posts, categories, tags and writers. */
export async function siteUrls(language: Language): Promise<SitemapEntry[]> {
  const [posts, categories, tags] = await Promise.all([
    listPostRefs({ language }),
    listCategories({ language }),
    listTags({ language }),
  ]);
  return [
    { url: absoluteUrl(feedPath(1, language)), lastModified: posts[0]?.lastModified },
    ...posts.map((p) => ({ url: absoluteUrl(postPath(p.slug, language)), lastModified: p.lastModified })),
    ...categories
      .filter((c) => c.postCount > 0)
      .map((c) => ({ url: absoluteUrl(categoryPath(c.slug, 1, language)), lastModified: c.updatedDate ?? undefined })),
    ...tags
      .filter((t) => t.publishedPostCount > 0)
      .map((t) => ({ url: absoluteUrl(tagPath(t.slug, 1, language)), lastModified: t.updatedDate ?? undefined })),
    ...(await authorUrls(posts, language)),
  ];
}
