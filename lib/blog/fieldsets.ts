import type { Post, PostFieldset } from './types';

// The parts of a post that are only returned when their fieldset is asked for, as on the platform.
const OPTIONAL_PARTS: Record<PostFieldset, keyof Post> = {
  URL: 'url',
  CONTENT_TEXT: 'contentText',
  METRICS: 'metrics',
  SEO: 'seoData',
  CONTACT_ID: 'contactId',
  RICH_CONTENT: 'richContent',
  REFERENCE_ID: 'referenceId',
};

export function withFieldsets(post: Post, fieldsets: readonly PostFieldset[] = []): Post {
  const projected: Post = { ...post };
  for (const [fieldset, part] of Object.entries(OPTIONAL_PARTS) as [PostFieldset, keyof Post][]) {
    if (!fieldsets.includes(fieldset)) delete projected[part];
  }
  if (!fieldsets.includes('RICH_CONTENT')) delete projected.richContentCompressed;
  return projected;
}
