import { escapeXml } from './rss';

export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  url: string;
  lastModified?: string;
}

export function renderUrlSet(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(e.url)}</loc>${e.lastModified ? `<lastmod>${escapeXml(e.lastModified)}</lastmod>` : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function renderSitemapIndex(urls: string[]): string {
  const items = urls.map((url) => `  <sitemap><loc>${escapeXml(url)}</loc></sitemap>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...items,
    '</sitemapindex>',
    '',
  ].join('\n');
}
