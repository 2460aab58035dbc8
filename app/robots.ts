import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/edge/seo/site-urls';
import { LANGUAGES, inLanguage } from '@/lib/core/i18n/languages';
import { sitemapPath } from '@/lib/core/site';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: ['/api/', '/dashboard', '/login', ...LANGUAGES.map((language) => inLanguage(language, '/search'))],
      },
    ],
    // Each language's sitemap: no sitemap lists another language's pages.
    sitemap: LANGUAGES.map((language) => absoluteUrl(sitemapPath(language))),
  };
}
