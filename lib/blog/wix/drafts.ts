import type { draftPosts } from '@wix/blog';
import { CatalogueError, errors } from '@/lib/core/errors';
import { checkLimit } from '@/lib/core/query/paging';
import { type BlogSource, DEFAULT_PAGE_SIZE } from '../source';
import { MAX_CURSOR, type WixContext, cursorPage } from './client';
import * as reshape from './reshape';
import { statusOf } from '@/lib/wix/upstream';

// Draft posts (the Draft Posts API) need the site's own authority: an API key. Visitor tokens from an
// OAuth client id see published posts only, so without a key the owner gets a message, not a 403.

export const draftsNeedApiKey = () =>
  new CatalogueError(
    501,
    'WDE0053',
    'Drafts need WIX_API_KEY (with WIX_SITE_ID): visitor access through WIX_CLIENT_ID cannot read draft posts',
  );

/** Everything not public: a post's draft is also listed while the post is published, which we skip. */
const NOT_PUBLIC = { status: { $nin: ['PUBLISHED', 'DELETED'] } };

export function draftMethods({
  client,
  fail,
  get,
  hasApiKey,
}: WixContext): Pick<BlogSource, 'listDrafts' | 'getDraft'> {
  const requireKey = () => {
    if (!hasApiKey) throw draftsNeedApiKey();
  };

  return {
    async listDrafts(options) {
      requireKey();
      const cursor = options?.cursor ?? null;
      if (cursor !== null && (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > MAX_CURSOR))
        throw errors.malformedCursor('cursor is malformed');
      const limit = checkLimit(options?.limit, DEFAULT_PAGE_SIZE);
      // After the first page Wix reads filter and sort from the cursor.
      const query = cursor
        ? { cursorPaging: { cursor, limit } }
        : { filter: NOT_PUBLIC, sort: [{ fieldName: 'editedDate', order: 'DESC' }], cursorPaging: { limit } };
      try {
        const response = await client.draftPosts.queryDraftPosts(query as draftPosts.DraftPostQuery);
        const body = reshape.envelope(response, 'queryDraftPosts');
        return cursorPage(reshape.reshapeDrafts(body.draftPosts, 'queryDraftPosts'), body);
      } catch (error) {
        if (cursor && statusOf(error) === 400) throw errors.malformedCursor('Wix rejected the cursor');
        throw fail(error, 'queryDraftPosts');
      }
    },

    async getDraft(id) {
      requireKey();
      return get('getDraftPost', id, async (segment) => {
        const response = await client.draftPosts.getDraftPost(segment, { fieldsets: ['RICH_CONTENT', 'URL'] });
        return reshape.reshapeDraft(reshape.envelope(response, 'getDraftPost').draftPost, 'getDraftPost');
      });
    },
  };
}
