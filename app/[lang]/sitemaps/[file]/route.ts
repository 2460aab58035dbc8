// The sitemaps/[file]/route page in a prefixed language: the main language's route, which reads `params.lang`.
export { GET } from '../../../sitemaps/[file]/route';
