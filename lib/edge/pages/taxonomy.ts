import { getCategoryBySlug, getTagBySlug, listCategories, listPosts, listTags, movedTerm } from '@/lib/blog/reads';
import type { ListPostsOptions } from '@/lib/blog';
import type { Category, Tag } from '@/lib/blog/types';
import { type Language, words } from '@/lib/core/i18n';
import { categoryPath, decodeSegment, hashtagPath, tagPath } from '@/lib/core/site';

// A category, tag or hashtag page's term in one language: what its listing is called, where it lives, and which
// posts it holds (that language's).

export type Taxonomy = 'category' | 'tag' | 'hashtag';

export interface Term {
  label: string;
  slug: string;
  description?: string | null;
  title?: string;
  filter: Omit<ListPostsOptions, 'paging' | 'sort'>;
  /** The category or tag itself (its translations are the terms that share its `translationId`). */
  term?: Category | Tag;
}

export const taxonomyPaths: Record<Taxonomy, (slug: string, page?: number, language?: string | null) => string> = {
  category: categoryPath,
  tag: tagPath,
  hashtag: hashtagPath,
};

/**
 * Where a category's or tag's page moved when the owner changed its slug: the slug it has now, for the old address to
 * redirect to; null when no term had the slug (a hashtag never moves).
 */
export async function movedTo(taxonomy: Taxonomy, segment: string, language: Language): Promise<string | null> {
  return taxonomy === 'hashtag' ? null : movedTerm(taxonomy, decodeSegment(segment), language);
}

export async function findTerm(taxonomy: Taxonomy, segment: string, language: Language): Promise<Term | null> {
  const slug = decodeSegment(segment);
  if (taxonomy === 'category') {
    const c = await getCategoryBySlug(slug, { language });
    return (
      c && {
        label: c.label,
        slug: c.slug,
        description: c.description,
        title: c.title,
        filter: { categoryIds: [c.id], language },
        term: c,
      }
    );
  }
  if (taxonomy === 'tag') {
    const t = await getTagBySlug(slug, { language });
    return (
      t && {
        label: words(language).t('listing.tagged', { label: t.label }),
        slug: t.slug,
        filter: { tagIds: [t.id], language },
        term: t,
      }
    );
  }
  const hashtag = slug.replace(/^#/, '').toLowerCase();
  return hashtag ? { label: `#${hashtag}`, slug: hashtag, filter: { hashtags: [hashtag], language } } : null;
}

export async function taxonomyStaticParams(taxonomy: Taxonomy, language: Language): Promise<{ slug: string }[]> {
  const slugs =
    taxonomy === 'category'
      ? (await listCategories({ language })).map((c) => c.slug)
      : taxonomy === 'tag'
        ? (await listTags({ language })).map((t) => t.slug)
        : [...new Set((await listPosts({ language, paging: { limit: 100 } })).items.flatMap((p) => p.hashtags))];
  return slugs.length ? slugs.map((slug) => ({ slug })) : [{ slug: 'none' }];
}
