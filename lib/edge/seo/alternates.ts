import { type Alternate, MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { absoluteUrl } from './site-urls';

/**
 * The page's `hreflang` links: the page in each language it has (itself among them: lib/edge/pages/languages.ts finds
 * them) and `x-default`, the main language's version or, where the group has none, its first: the same set on every
 * page of the group, so the links are reciprocal. A page with no translation names itself alone (and as x-default),
 * never another language's home or listing: hreflang pairs only true equivalents (Google Search Central, "Tell Google
 * about localized versions of your page"). None when there is no page (a 404's metadata).
 */
export function languageAlternates(alternates: readonly Alternate[]): Record<string, string> | undefined {
  if (alternates.length === 0) return undefined;
  const links: Record<string, string> = {};
  for (const { language, path } of alternates) links[language] = absoluteUrl(path);
  const fallback = alternates.find((a) => a.language === MAIN_LANGUAGE) ?? alternates[0]!;
  links['x-default'] = absoluteUrl(fallback.path);
  return links;
}
