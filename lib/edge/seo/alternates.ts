import { type Alternate, MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { absoluteUrl } from './site-urls';

/**
 * The page's `hreflang` links: every translation (itself among them) and `x-default`, the main language's version or,
 * where the group has none, its first: the same set on every page of the group, so the links are reciprocal. None
 * when the page has no translation.
 */
export function languageAlternates(alternates: Alternate[]): Record<string, string> | undefined {
  if (alternates.length < 2) return undefined;
  const links: Record<string, string> = {};
  for (const { language, path } of alternates) links[language] = absoluteUrl(path);
  const fallback = alternates.find((a) => a.language === MAIN_LANGUAGE) ?? alternates[0]!;
  links['x-default'] = absoluteUrl(fallback.path);
  return links;
}
