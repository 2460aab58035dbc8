// The site's name and language: plain constants, safe to import from client components (lib/site.ts is not).
export const SITE_NAME = 'The Render Path';
export const SITE_DESCRIPTION = 'A small team writing about web performance, rendering, tooling and accessibility.';
export const SITE_LANGUAGE = 'en';
