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
import { categoryPath, postPath, tagPath } from '@/lib/core/site';

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

/** A category's or tag's translations: the terms of other languages that share its `translationId`. */
export async function termAlternates(
  kind: 'category' | 'tag',
  term: Pick<Category | Tag, 'slug' | 'language' | 'translationId'>,
): Promise<Alternate[]> {
  const pathOf = (t: Pick<Category | Tag, 'slug' | 'language'>) =>
    kind === 'category' ? categoryPath(t.slug, 1, t.language) : tagPath(t.slug, 1, t.language);
  const own: Alternate = { language: languageOf(term.language), path: pathOf(term) };
  if (!term.translationId) return [own];
  const twins = await getTermTranslations(kind, term.translationId);
  const others = LANGUAGES.filter((language) => language !== own.language).flatMap((language) => {
    const twin = twins.find((t) => (t.language || MAIN_LANGUAGE) === language);
    return twin ? [{ language, path: pathOf(twin) }] : [];
  });
  return inOrder([own, ...others]);
}

/** A page every language has (the feed, a writer's page), in the languages that have posts, and this one. */
export async function everyLanguage(language: Language, pathIn: (language: Language) => string): Promise<Alternate[]> {
  const has = await Promise.all(LANGUAGES.map((l) => l === language || hasPosts(l).catch(() => false)));
  return LANGUAGES.filter((_, i) => has[i]).map((l) => ({ language: l, path: pathIn(l) }));
}

const inOrder = (alternates: Alternate[]) =>
  alternates.sort((a, b) => LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language));
