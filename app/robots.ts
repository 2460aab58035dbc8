import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/edge/seo/site-urls';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/dashboard', '/login', '/search'] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
