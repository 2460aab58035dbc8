// The feed's page n in a prefixed language: the main language's route, which reads `params.lang`.
export { default, generateMetadata, generateStaticParams } from '../../../(site)/page/[n]/page';

// Route segment options are read from this file itself, so they are repeated, not re-exported.
export const ensureStatic = 'navigation';
