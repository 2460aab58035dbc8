import type { BlogSource } from '../source';
import { MAX_PAGE_SIZE } from '../source';
import { type Json, type WixContext, count, defined } from './client';
import * as reshape from './reshape';

const CATEGORY_FIELDSETS = ['URL', 'SEO'] as const;
const TAG_FIELDSETS = ['URL'] as const;

type TaxonomyMethods = Pick<
  BlogSource,
  'getCategory' | 'getCategoryBySlug' | 'listCategories' | 'getTag' | 'getTagBySlug' | 'listTags'
>;

export function taxonomyMethods({ client, get, all }: WixContext): TaxonomyMethods {
  return {
    getCategory: (id) =>
      get('getCategory', id, async (segment) => {
        const response = await client.categories.getCategory(segment, { fieldsets: [...CATEGORY_FIELDSETS] });
        return reshape.reshapeCategory(reshape.envelope(response, 'getCategory').category, 'getCategory');
      }),

    getCategoryBySlug: (slug) =>
      get('getCategoryBySlug', slug, async (segment) => {
        const response = await client.categories.getCategoryBySlug(segment, { fieldsets: [...CATEGORY_FIELDSETS] });
        return reshape.reshapeCategory(reshape.envelope(response, 'getCategoryBySlug').category, 'getCategoryBySlug');
      }),

    listCategories: (options) =>
      all('listCategories', async (offset) => {
        const response = await client.categories.listCategories({
          paging: { offset, limit: MAX_PAGE_SIZE },
          fieldsets: [...CATEGORY_FIELDSETS],
          ...defined({ language: options?.language }),
        });
        const body = reshape.envelope(response, 'listCategories');
        return {
          items: reshape.reshapeCategories(body.categories, 'listCategories'),
          total: count((body.metaData as Json | undefined)?.total),
        };
      }),

    getTag: (id) =>
      get('getTag', id, async (segment) => {
        // Unlike getTagBySlug, the SDK's getTag unwraps `{ tag }` itself.
        const tag = await client.tags.getTag(segment, { fieldsets: [...TAG_FIELDSETS] });
        return reshape.reshapeTag(tag, 'getTag');
      }),

    getTagBySlug: (slug) =>
      get('getTagBySlug', slug, async (segment) => {
        const response = await client.tags.getTagBySlug(segment, { fieldsets: [...TAG_FIELDSETS] });
        return reshape.reshapeTag(reshape.envelope(response, 'getTagBySlug').tag, 'getTagBySlug');
      }),

    // There is no listTags: query them all, page by page.
    listTags: (options) =>
      all('listTags', async (offset) => {
        const filter = options?.language ? { language: { $eq: options.language } } : undefined;
        const response = await client.tags.queryTags(
          { paging: { offset, limit: MAX_PAGE_SIZE }, ...defined({ filter }) },
          { fieldsets: [...TAG_FIELDSETS] },
        );
        const body = reshape.envelope(response, 'listTags');
        return {
          items: reshape.reshapeTags(body.tags, 'listTags'),
          total: count((body.pagingMetadata as Json | undefined)?.total),
        };
      }),
  };
}
