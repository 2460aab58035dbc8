// The site's languages: the main one at `/`, each other under its prefix (`/es/post/...`). A language is one the
// site has words for (lib/core/i18n/messages); posts, categories and tags carry theirs (Wix Multilingual's
// `language`). Pure and safe in client components.

/** The languages the site's own words are written in, the main one first. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A page in a language: the same page, translated (lib/edge/pages/languages.ts finds them). */
export interface Alternate {
  language: Language;
  path: string;
}

/** The site's main language: its pages have no prefix. */
export const MAIN_LANGUAGE: Language = LANGUAGES[0];

/** The languages served under a prefix. */
export const PREFIXED_LANGUAGES: readonly Language[] = LANGUAGES.slice(1);

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The language a post, category or tag is shown in: its own where the site has words for it; otherwise (none given,
 * or one the site has no words for) the main language.
 */
export const languageOf = (language: string | null | undefined): Language =>
  isLanguage(language) ? language : MAIN_LANGUAGE;

/** The path prefix of a language's pages: `''` for the main language, `/es` for Spanish. */
export const languagePrefix = (language: string | null | undefined): string => {
  const shown = languageOf(language);
  return shown === MAIN_LANGUAGE ? '' : `/${shown}`;
};

/** A site path in a language: `/post/x` in Spanish is `/es/post/x`; the home page `/` is `/es`. */
export const inLanguage = (language: string | null | undefined, path: string): string => {
  const prefix = languagePrefix(language);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
};
