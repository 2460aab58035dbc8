import { listCategories, listPostRefs, listTags } from '@/lib/blog/reads';
import { config } from '@/lib/config';
import { categoryPath, postPath, tagPath } from '@/lib/site';
import type { SitemapEntry } from './sitemap';

/** An absolute URL on the public site, for canonical links, feeds and the sitemap. */
export const absoluteUrl = (path: string) => `${config().siteUrl}${path.startsWith('/') ? path : `/${path}`}`;

/** Every public URL worth indexing: home, posts, categories, tags. */
export async function siteUrls(): Promise<SitemapEntry[]> {
  const [posts, categories, tags] = await Promise.all([listPostRefs(), listCategories(), listTags()]);
  return [
    { url: absoluteUrl('/'), lastModified: posts[0]?.lastModified },
    ...posts.map((p) => ({ url: absoluteUrl(postPath(p.slug)), lastModified: p.lastModified })),
    ...categories
      .filter((c) => c.postCount > 0)
      .map((c) => ({ url: absoluteUrl(categoryPath(c.slug)), lastModified: c.updatedDate ?? undefined })),
    ...tags
      .filter((t) => t.publishedPostCount > 0)
      .map((t) => ({ url: absoluteUrl(tagPath(t.slug)), lastModified: t.updatedDate ?? undefined })),
  ];
}
