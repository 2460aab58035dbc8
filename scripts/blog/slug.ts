// Slugs: lib/blog's, which the owner's desk uses too.
export { isSlug, slugify, uniqueSlug } from '@/lib/blog/tools';
