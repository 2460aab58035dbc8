// A prefixed language's sitemap: the main language's route, which reads `params.lang`.
export { GET } from '../../sitemap.xml/route';

// Rendered per request from the cached lists. Next takes a route named sitemap.xml for a metadata route: under this
// dynamic segment its build lists a `/-/sitemap.xml` entry (a 404) whether or not the route names static params.
