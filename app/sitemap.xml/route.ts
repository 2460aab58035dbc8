import { SITEMAP_MAX_URLS, renderSitemapIndex, renderUrlSet } from '@/lib/edge/seo/sitemap';
import { absoluteUrl, siteUrls } from '@/lib/edge/seo/site-urls';
import { pageLanguage } from '@/lib/edge/pages/languages';
import { inLanguage } from '@/lib/core/i18n/languages';

// One language's sitemap (the main one's here, app/[lang]/sitemap.xml re-exports this): one urlset while it fits in
// one; past 50,000 URLs, an index of its /sitemaps/<n>.xml parts. robots.txt names every language's.
export async function GET(_request?: Request, { params }: { params?: Promise<object> } = {}) {
  const language = await pageLanguage(params);
  const urls = await siteUrls(language);
  const body =
    urls.length <= SITEMAP_MAX_URLS
      ? renderUrlSet(urls)
      : renderSitemapIndex(
          Array.from({ length: Math.ceil(urls.length / SITEMAP_MAX_URLS) }, (_, i) =>
            absoluteUrl(inLanguage(language, `/sitemaps/${i}.xml`)),
          ),
        );
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
