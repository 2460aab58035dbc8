import { notFound } from 'next/navigation';
import { getPost, getTermTranslations, hasPosts } from '@/lib/blog/reads';
import type { Category, Post, Tag } from '@/lib/blog/types';
import {
  type Alternate,
  LANGUAGES,
  type Language,
  MAIN_LANGUAGE,
  PREFIXED_LANGUAGES,
  isLanguage,
  languageOf,
} from '@/lib/core/i18n/languages';
import { authorPath, categoryPath, feedPath, hashtagPath, postPath, tagPath } from '@/lib/core/site';
import { authorPage } from './authors';
import { listingPage } from './listing';

// A page's language and its translations. The main language's pages are the routes at the root, the others' the same
// routes under app/[lang] (each re-exports its root twin): a page reads its language from its params, where `lang`
// is there only under a prefix.

/** The language a page is in: the main one at the root; under `/{lang}`, a prefixed language, else a 404. */
export async function pageLanguage(params: Promise<object> | undefined): Promise<Language> {
  const { lang } = ((await params) ?? {}) as { lang?: string };
  if (lang === undefined) return MAIN_LANGUAGE;
  if (!isLanguage(lang) || lang === MAIN_LANGUAGE) notFound();
  return lang;
}

/**
 * The language whose pages a route's generateStaticParams lists: the parent's `lang` under app/[lang] (Next passes
 * the parent segments' params), else the main language.
 */
export const staticLanguage = (params: object | undefined): Language => {
  const lang = (params as { lang?: unknown } | undefined)?.lang;
  return isLanguage(lang) ? lang : MAIN_LANGUAGE;
};

/** The prefixed languages as the `[lang]` segment's static params: their pages are prerendered like the main's. */
export const languageParams = () => PREFIXED_LANGUAGES.map((lang) => ({ lang }));

export type { Alternate } from '@/lib/core/i18n/languages';

/**
 * A post's translations as pages link them: the post and each translation in a language the site has words for,
 * published (read again by id: Wix lists a translation whatever its state), in the site's order of languages.
 */
export async function postAlternates(post: Post): Promise<Alternate[]> {
  const own: Alternate = { language: languageOf(post.language), path: postPath(post.slug, post.language) };
  const others = await Promise.all(
    (post.translations ?? [])
      .filter((t) => isLanguage(t.language) && t.language !== own.language && t.id !== post.id)
      .map(async (t) => {
        const translation = await getPost(t.id).catch(() => null);
        return translation && languageOf(translation.language) === t.language
          ? { language: t.language as Language, path: postPath(translation.slug, translation.language) }
          : null;
      }),
  );
  return inOrder([own, ...others.filter((a): a is Alternate => a !== null)]);
}

/**
 * A category's or tag's translations: the terms of other languages that share its `translationId`; on page `page` of
 * its listing (past the first), those whose listing runs that far.
 */
export async function termAlternates(
  kind: 'category' | 'tag',
  term: Pick<Category | Tag, 'id' | 'slug' | 'language' | 'translationId'>,
  page = 1,
): Promise<Alternate[]> {
  const pathOf = (t: Pick<Category | Tag, 'slug' | 'language'>) =>
    kind === 'category' ? categoryPath(t.slug, page, t.language) : tagPath(t.slug, page, t.language);
  // The filter the term's own page lists its posts with (lib/edge/pages/taxonomy.ts `findTerm`): the same read.
  const filterOf = (id: string, language: Language): ListingFilter =>
    kind === 'category' ? { categoryIds: [id], language } : { tagIds: [id], language };
  const ownLanguage = languageOf(term.language);
  const twins = term.translationId ? await getTermTranslations(kind, term.translationId) : [];
  const group: Counterpart[] = LANGUAGES.flatMap((language) => {
    const t = language === ownLanguage ? term : twins.find((twin) => (twin.language || MAIN_LANGUAGE) === language);
    return t ? [{ language, path: pathOf(t), filter: filterOf(t.id, language) }] : [];
  });
  return page === 1 ? group.map(({ language, path }) => ({ language, path })) : onPage(group, page, ownLanguage);
}

/** A page every language has (the feed, a writer's page), in the languages that have posts, and this one. */
export async function everyLanguage(language: Language, pathIn: (language: Language) => string): Promise<Alternate[]> {
  const has = await Promise.all(LANGUAGES.map((l) => l === language || hasPosts(l).catch(() => false)));
  return LANGUAGES.filter((_, i) => has[i]).map((l) => ({ language: l, path: pathIn(l) }));
}

/** A page that is the same in every language, whatever it holds (search). */
export const allLanguages = (pathIn: (language: Language) => string): Alternate[] =>
  LANGUAGES.map((language) => ({ language, path: pathIn(language) }));

/**
 * The feed's page `page` in each language: the home page in every language that has posts; a later page in each
 * language whose feed runs that far. None when this language's feed does not (the page is a 404).
 */
export async function feedAlternates(language: Language, page: number): Promise<Alternate[]> {
  if (page === 1) return everyLanguage(language, (l) => feedPath(1, l));
  return onPage(
    LANGUAGES.map((l) => ({ language: l, path: feedPath(page, l), filter: { language: l } })),
    page,
    language,
  );
}

/**
 * A hashtag's page in each language whose posts carry it (a hashtag is the same word in every language): page `page`
 * where that language's listing of it runs that far. None when this language's does not.
 */
export async function hashtagAlternates(hashtag: string, language: Language, page: number): Promise<Alternate[]> {
  return onPage(
    LANGUAGES.map((l) => ({
      language: l,
      path: hashtagPath(hashtag, page, l),
      filter: { hashtags: [hashtag], language: l },
    })),
    page,
    language,
    true,
  );
}

/** A writer's page `page` in each language they wrote that many pages in (`authorPage`). None when not in this one. */
export async function authorAlternates(slug: string, language: Language, page: number): Promise<Alternate[]> {
  const all = await everyLanguage(language, (l) => authorPath(slug, page, l));
  const wrote = await Promise.all(all.map((a) => authorPage(slug, page, a.language).catch(() => null)));
  const found = all.filter((_, i) => wrote[i]);
  return found.some((a) => a.language === language) ? found : [];
}

type ListingFilter = Parameters<typeof listingPage>[0];

/** A listing's page in one language, and the filter that lists its posts there. */
interface Counterpart extends Alternate {
  filter: ListingFilter;
}

/**
 * The counterparts whose listing has page `page` (and, with `nonEmpty`, holds a post: a hashtag with none has no
 * page), each read as its own page reads it; none when the page's own language has no such page.
 */
async function onPage(group: Counterpart[], page: number, own: Language, nonEmpty = false): Promise<Alternate[]> {
  const listings = await Promise.all(group.map((c) => listingPage(c.filter, page).catch(() => null)));
  const found = group
    .filter((_, i) => listings[i] && (!nonEmpty || listings[i].total > 0))
    .map(({ language, path }) => ({ language, path }));
  return found.some((a) => a.language === own) ? inOrder(found) : [];
}

const inOrder = (alternates: Alternate[]) =>
  alternates.sort((a, b) => LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language));
