import { LANGUAGES, languageName, languageOf, words } from '@/lib/core/i18n';
import { feedPath } from '@/lib/core/site';

interface HeaderLanguagesProps {
  /** The page's language (one the site has no words for is shown as the main one). */
  language: string;
}

/**
 * The site's languages in its header: a link to each other language's home page, each named in its own language
 * ("English", "español"); the page's own language is marked, not a link. Plain links and no script: another
 * language's pages are another document (their own `<html lang>`). Where the page itself has a translation, the page's
 * switcher (language-switcher.tsx) leads to it.
 */
export function HeaderLanguages({ language }: HeaderLanguagesProps) {
  const current = languageOf(language);
  const { t } = words(current);
  return (
    <nav className="header-languages" aria-label={t('site.siteLanguages')}>
      <ul>
        {LANGUAGES.map((l) => (
          <li key={l}>
            {l === current ? (
              <span lang={l} aria-current="true">
                {languageName(l)}
              </span>
            ) : (
              <a href={feedPath(1, l)} lang={l} hrefLang={l}>
                {languageName(l)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
