import { defineCollection, OWNER_ONLY } from '@/lib/data/types';

/**
 * The local views: one item per counted view (the post, and when: `_createdDate`), so a post's views are the content's
 * `metrics.views` plus a count query here, and the dashboard's order by views a grouped count, never a counter written
 * elsewhere. Internal: nobody but the site lists them.
 */
export const postViews = defineCollection({
  id: 'post-views',
  internal: true,
  fields: { postId: { type: 'text', indexed: true } },
  permissions: OWNER_ONLY,
});
