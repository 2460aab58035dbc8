import { SITEMAP_MAX_URLS, renderUrlSet } from '@/lib/edge/seo/sitemap';
import { siteUrls } from '@/lib/edge/seo/site-urls';
import { pageLanguage } from '@/lib/edge/pages/languages';

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const [{ file }, language] = await Promise.all([params, pageLanguage(params)]);
  const match = /^(0|[1-9]\d{0,4})\.xml$/.exec(file);
  const urls = await siteUrls(language);
  const part = match ? urls.slice(Number(match[1]) * SITEMAP_MAX_URLS, (Number(match[1]) + 1) * SITEMAP_MAX_URLS) : [];
  if (part.length === 0) return new Response('Not found', { status: 404 });
  return new Response(renderUrlSet(part), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
