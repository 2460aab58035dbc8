// A prefixed language's feed: the main language's route, which reads `params.lang`.
export { GET } from '../../feed.xml/route';

// A route handler under a dynamic segment is rendered per request unless it names its params: each language's is
// prerendered like the main language's.
export { languageParams as generateStaticParams } from '@/lib/edge/pages/languages';
