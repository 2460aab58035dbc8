import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { type Language, MAIN_LANGUAGE, languageOf } from './languages';
import { type MessageKey, type Messages, en } from './messages/en';
import { es } from './messages/es';

// The site's own words in a page's language, through FormatJS (@formatjs/intl): ICU messages with plurals, and dates
// and numbers by the language's own rules (Intl). Server-side only: pages pass the finished words to their islands,
// so no catalogue or formatter reaches the browser.

export * from './languages';
export type { MessageKey } from './messages/en';

const CATALOGUES: Record<Language, Messages> = { en, es };

/** A language's name in that language, for the switcher ("English", "español"). */
export const languageName = (language: Language): string =>
  new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;

export interface Words {
  language: Language;
  /** A message by key, with its values. */
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** A date as readers of the language write it (UTC, so it is the same wherever the page was rendered). */
  date(iso: string): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
}

const cache = createIntlCache();
const made = new Map<Language, Words>();

function make(language: Language): Words {
  const intl: IntlShape<string> = createIntl(
    { locale: language, defaultLocale: MAIN_LANGUAGE, messages: CATALOGUES[language] },
    cache,
  );
  const dates = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return {
    language,
    t: (key, values) => intl.formatMessage({ id: key }, values) as string,
    date: (iso) => dates.format(new Date(iso)),
    number: (value, options) => new Intl.NumberFormat(language, options).format(value),
  };
}

/** The words of a language (any other value: the main language's). One per language per process. */
export function words(language: string | null | undefined): Words {
  const shown = languageOf(language);
  let found = made.get(shown);
  if (!found) made.set(shown, (found = make(shown)));
  return found;
}
