// The search page in a prefixed language: the main language's route, which reads `params.lang`.
export { default, generateMetadata } from '../../(site)/search/page';

export const instant = false;
