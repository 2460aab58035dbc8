// A prefixed language's sitemap parts (past 50,000 URLs): the main language's route, which reads `params.lang`.
export { GET } from '../../../sitemaps/[file]/route';
