import { type Language, languageName, words } from '@/lib/core/i18n';

interface LanguageSwitcherProps {
  /** The page's language. */
  language: Language;
  /** The page in each language it has (itself among them): lib/edge/pages/languages.ts. */
  alternates: readonly { language: Language; path: string }[];
}

/**
 * "Read in español": a link to this page's translation in each other language, each named in its own language. Plain
 * links (a translation is another document: its own `<html lang>`), none where the page has no translation.
 */
export function LanguageSwitcher({ language, alternates }: LanguageSwitcherProps) {
  const others = alternates.filter((a) => a.language !== language);
  if (others.length === 0) return null;
  const { t } = words(language);
  return (
    <nav className="language-switcher" aria-label={t('site.languages')}>
      <ul>
        {others.map((a) => (
          <li key={a.language}>
            <a href={a.path} hrefLang={a.language} lang={a.language} rel="alternate">
              {words(a.language).t('site.readIn', { language: languageName(a.language) })}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
