import { SITEMAP_MAX_URLS, renderSitemapIndex, renderUrlSet } from '@/lib/edge/seo/sitemap';
import { siteUrls } from '@/lib/edge/seo/site-urls';
import { absoluteUrl } from '@/lib/edge/seo/site-urls';

// One urlset while the site fits in one; past 50,000 URLs, an index of /sitemaps/<n>.xml parts.
export async function GET() {
  const urls = await siteUrls();
  const body =
    urls.length <= SITEMAP_MAX_URLS
      ? renderUrlSet(urls)
      : renderSitemapIndex(
          Array.from({ length: Math.ceil(urls.length / SITEMAP_MAX_URLS) }, (_, i) =>
            absoluteUrl(`/sitemaps/${i}.xml`),
          ),
        );
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
