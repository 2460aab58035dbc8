// A prefixed language's sitemap: the main language's route, which reads `params.lang`.
export { GET } from '../../sitemap.xml/route';

// No generateStaticParams here, unlike the feed: Next takes a route named sitemap.xml for a metadata route and
// prerendered it for a `lang` of "-" (a 404 at /-/sitemap.xml) instead of for each language. Rendered per request,
// it reads the same cached lists.
