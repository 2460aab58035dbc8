import { getCategoryBySlug, getTagBySlug, listCategories, listPosts, listTags } from '@/lib/blog/reads';
import type { ListPostsOptions } from '@/lib/blog';
import { categoryPath, decodeSegment, hashtagPath, tagPath } from '@/lib/core/site';

// A category, tag or hashtag page's term: what its listing is called, where it lives, and which posts it holds.

export type Taxonomy = 'category' | 'tag' | 'hashtag';

export interface Term {
  label: string;
  slug: string;
  description?: string | null;
  title?: string;
  filter: Omit<ListPostsOptions, 'paging' | 'sort'>;
}

export const taxonomyPaths: Record<Taxonomy, (slug: string, page?: number) => string> = {
  category: categoryPath,
  tag: tagPath,
  hashtag: hashtagPath,
};

export async function findTerm(taxonomy: Taxonomy, segment: string): Promise<Term | null> {
  const slug = decodeSegment(segment);
  if (taxonomy === 'category') {
    const c = await getCategoryBySlug(slug);
    return (
      c && { label: c.label, slug: c.slug, description: c.description, title: c.title, filter: { categoryIds: [c.id] } }
    );
  }
  if (taxonomy === 'tag') {
    const t = await getTagBySlug(slug);
    return t && { label: `Tagged “${t.label}”`, slug: t.slug, filter: { tagIds: [t.id] } };
  }
  const hashtag = slug.replace(/^#/, '').toLowerCase();
  return hashtag ? { label: `#${hashtag}`, slug: hashtag, filter: { hashtags: [hashtag] } } : null;
}

export async function taxonomyStaticParams(taxonomy: Taxonomy): Promise<{ slug: string }[]> {
  const slugs =
    taxonomy === 'category'
      ? (await listCategories()).map((c) => c.slug)
      : taxonomy === 'tag'
        ? (await listTags()).map((t) => t.slug)
        : [...new Set((await listPosts({ paging: { limit: 100 } })).items.flatMap((p) => p.hashtags))];
  return slugs.length ? slugs.map((slug) => ({ slug })) : [{ slug: 'none' }];
}
