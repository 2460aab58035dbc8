import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '../../core/reads';
import type { Category, Tag } from '../types';
import { blogSource } from '..';
import { listTag } from './tagging';

// The cached reads of categories and tags: each language's list, one term by id or slug (looked up in the list), and
// a term's translations.

async function cachedCategories(language: string | undefined) {
  'use cache';
  cacheLife('hours');
  cacheTag(listTag(cacheTags.categories, cacheTags.categoriesIn, language));
  const outcome = await settle(readKey('categories', language), () => blogSource().listCategories({ language }));
  if (outcome.ok) for (const c of outcome.value) cacheTag(cacheTags.category(c.id));
  return outcome;
}

async function cachedTags(language: string | undefined) {
  'use cache';
  cacheLife('hours');
  cacheTag(listTag(cacheTags.tags, cacheTags.tagsIn, language));
  const outcome = await settle(readKey('tags', language), () => blogSource().listTags({ language }));
  if (outcome.ok) for (const t of outcome.value) cacheTag(cacheTags.tag(t.id));
  return outcome;
}

/** The slug a category or tag has now, when `slug` is one it had before; null when none had it. */
async function cachedMovedTerm(kind: 'category' | 'tag', slug: string, language: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(kind === 'category' ? cacheTags.categories : cacheTags.tags);
  return settle(readKey('movedTerm', kind, slug, language), async () =>
    blogSource().movedTerm ? await blogSource().movedTerm!(kind, slug, language) : null,
  );
}

export const movedTerm = async (kind: 'category' | 'tag', slug: string, language: string): Promise<string | null> =>
  unwrap(await cachedMovedTerm(kind, slug, language));

/**
 * The categories or tags sharing `translationId` (a term's translations, every language), read from the source
 * itself rather than the cached lists, so that only a category or tag event clears it (termTranslations), not a
 * post's event, which clears its language's lists for their counts.
 */
async function cachedTermTranslations(kind: 'category' | 'tag', translationId: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.termTranslations);
  return settle(readKey('termTranslations', kind, translationId), async () => {
    const terms: (Category | Tag)[] =
      kind === 'category' ? await blogSource().listCategories() : await blogSource().listTags();
    return terms.filter((t) => t.translationId === translationId);
  });
}

export const getTermTranslations = async (
  kind: 'category' | 'tag',
  translationId: string,
): Promise<(Category | Tag)[]> => unwrap(await cachedTermTranslations(kind, translationId));

export const listCategories = async (options: { language?: string } = {}): Promise<Category[]> =>
  unwrap(await cachedCategories(options.language));

export const listTags = async (options: { language?: string } = {}): Promise<Tag[]> =>
  unwrap(await cachedTags(options.language));

// Categories and tags are few: one cached list serves every lookup, and carries every id's tag. A slug is looked up
// among one language's terms when a language is given (a translation may keep its original's slug).
export const getCategoryBySlug = async (slug: string, options: { language?: string } = {}) =>
  (await listCategories(options)).find((c) => c.slug === slug) ?? null;
export const getCategory = async (id: string) => (await listCategories()).find((c) => c.id === id) ?? null;
export const getTagBySlug = async (slug: string, options: { language?: string } = {}) =>
  (await listTags(options)).find((t) => t.slug === slug) ?? null;
export const getTag = async (id: string) => (await listTags()).find((t) => t.id === id) ?? null;
